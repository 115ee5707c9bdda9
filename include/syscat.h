/*
 * syscat.h - umbrella header of libsyscat: the catalog that replaces .frm
 * files (MySQL WL#2964). See docs/architecture.md for the module map.
 *
 * The version macros below are the single source of the release number:
 * the Makefile reads them for the shared library's name and soname
 * (libsyscat.so.MAJOR.MINOR.PATCH, libsyscat.so.MAJOR) and for syscat.pc,
 * and sc_version() returns SYSCAT_VERSION (checked by tests/packaging.sh).
 */
#ifndef SYSCAT_H
#define SYSCAT_H

#define SYSCAT_VERSION_MAJOR 0
#define SYSCAT_VERSION_MINOR 1
#define SYSCAT_VERSION_PATCH 0
/** "MAJOR.MINOR.PATCH" of the headers; sc_version() is the library's. */
#define SYSCAT_VERSION "0.1.0"
/** One number to compare against: MAJOR * 10000 + MINOR * 100 + PATCH. */
#define SYSCAT_VERSION_NUMBER                                                                      \
    (SYSCAT_VERSION_MAJOR * 10000 + SYSCAT_VERSION_MINOR * 100 + SYSCAT_VERSION_PATCH)

#include "syscat/common.h"
#include "syscat/error.h"
#include "syscat/catalog.h"
#include "syscat/ddl.h"
#include "syscat/replicate.h"
#include "syscat/frm.h"
#include "syscat/track.h"

#endif /* SYSCAT_H */
