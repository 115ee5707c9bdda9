/*
 * syscat.h - umbrella header of libsyscat: the catalog that replaces .frm
 * files (MySQL WL#2964). See docs/architecture.md for the module map.
 */
#ifndef SYSCAT_H
#define SYSCAT_H

#include "syscat/common.h"
#include "syscat/error.h"
#include "syscat/catalog.h"
#include "syscat/ddl.h"
#include "syscat/replicate.h"

#endif /* SYSCAT_H */
