CREATE TABLE mdl_config (
    id BIGINT(10) NOT NULL auto_increment,
    name VARCHAR(255) NOT NULL DEFAULT '',
    value LONGTEXT COLLATE utf8mb4_unicode_ci NOT NULL,
CONSTRAINT  PRIMARY KEY (id)
, UNIQUE KEY mdl_conf_nam_uix (name)
)
 ENGINE = InnoDB
 DEFAULT COLLATE = utf8mb4_unicode_ci ROW_FORMAT=Compressed
 COMMENT='Moodle configuration variables';
CREATE TABLE mdl_course (
    id BIGINT(10) NOT NULL auto_increment,
    category BIGINT(10) NOT NULL DEFAULT 0,
    sortorder BIGINT(10) NOT NULL DEFAULT 0,
    fullname VARCHAR(1333) COLLATE utf8mb4_unicode_ci NOT NULL DEFAULT '',
    shortname VARCHAR(255) COLLATE utf8mb4_unicode_ci NOT NULL DEFAULT '',
    idnumber VARCHAR(100) COLLATE utf8mb4_unicode_ci NOT NULL DEFAULT '',
    summary LONGTEXT COLLATE utf8mb4_unicode_ci,
    summaryformat TINYINT(2) NOT NULL DEFAULT 0,
    format VARCHAR(21) COLLATE utf8mb4_unicode_ci NOT NULL DEFAULT 'topics',
    showgrades TINYINT(2) NOT NULL DEFAULT 1,
    startdate BIGINT(10) NOT NULL DEFAULT 0,
    enddate BIGINT(10) NOT NULL DEFAULT 0,
    visible TINYINT(1) NOT NULL DEFAULT 1,
    timecreated BIGINT(10) NOT NULL DEFAULT 0,
    timemodified BIGINT(10) NOT NULL DEFAULT 0,
    cacherev BIGINT(10) NOT NULL DEFAULT 0,
CONSTRAINT  PRIMARY KEY (id)
, KEY mdl_cour_cat_ix (category)
, KEY mdl_cour_idn_ix (idnumber)
, KEY mdl_cour_sho_ix (shortname)
, KEY mdl_cour_sor_ix (sortorder)
)
 ENGINE = InnoDB
 DEFAULT COLLATE = utf8mb4_unicode_ci ROW_FORMAT=Compressed
 COMMENT='Central course table';
CREATE TABLE mdl_user (
    id BIGINT(10) NOT NULL auto_increment,
    auth VARCHAR(20) COLLATE utf8mb4_unicode_ci NOT NULL DEFAULT 'manual',
    confirmed TINYINT(1) NOT NULL DEFAULT 0,
    deleted TINYINT(1) NOT NULL DEFAULT 0,
    suspended TINYINT(1) NOT NULL DEFAULT 0,
    mnethostid BIGINT(10) NOT NULL DEFAULT 0,
    username VARCHAR(100) COLLATE utf8mb4_unicode_ci NOT NULL DEFAULT '',
    password VARCHAR(255) COLLATE utf8mb4_unicode_ci NOT NULL DEFAULT '',
    idnumber VARCHAR(255) COLLATE utf8mb4_unicode_ci NOT NULL DEFAULT '',
    firstname VARCHAR(100) COLLATE utf8mb4_unicode_ci NOT NULL DEFAULT '',
    lastname VARCHAR(100) COLLATE utf8mb4_unicode_ci NOT NULL DEFAULT '',
    email VARCHAR(100) COLLATE utf8mb4_unicode_ci NOT NULL DEFAULT '',
    lang VARCHAR(30) COLLATE utf8mb4_unicode_ci NOT NULL DEFAULT 'en',
    timezone VARCHAR(100) COLLATE utf8mb4_unicode_ci NOT NULL DEFAULT '99',
    firstaccess BIGINT(10) NOT NULL DEFAULT 0,
    lastaccess BIGINT(10) NOT NULL DEFAULT 0,
    description LONGTEXT COLLATE utf8mb4_unicode_ci,
    timecreated BIGINT(10) NOT NULL DEFAULT 0,
    timemodified BIGINT(10) NOT NULL DEFAULT 0,
CONSTRAINT  PRIMARY KEY (id)
, UNIQUE KEY mdl_user_mneuse_uix (mnethostid, username)
, KEY mdl_user_del_ix (deleted)
, KEY mdl_user_con_ix (confirmed)
, KEY mdl_user_fir_ix (firstname)
, KEY mdl_user_las_ix (lastname)
, KEY mdl_user_ema_ix (email)
, KEY mdl_user_idn_ix (idnumber)
)
 ENGINE = InnoDB
 DEFAULT COLLATE = utf8mb4_unicode_ci ROW_FORMAT=Compressed
 COMMENT='One record for each person';
CREATE TABLE mdl_logstore_standard_log (
    id BIGINT(10) NOT NULL auto_increment,
    eventname VARCHAR(255) COLLATE utf8mb4_unicode_ci NOT NULL DEFAULT '',
    component VARCHAR(100) COLLATE utf8mb4_unicode_ci NOT NULL DEFAULT '',
    action VARCHAR(100) COLLATE utf8mb4_unicode_ci NOT NULL DEFAULT '',
    target VARCHAR(100) COLLATE utf8mb4_unicode_ci NOT NULL DEFAULT '',
    objecttable VARCHAR(50) COLLATE utf8mb4_unicode_ci,
    objectid BIGINT(10),
    crud VARCHAR(1) COLLATE utf8mb4_unicode_ci NOT NULL DEFAULT '',
    edulevel TINYINT(1) NOT NULL,
    contextid BIGINT(10) NOT NULL,
    userid BIGINT(10) NOT NULL,
    courseid BIGINT(10),
    other LONGTEXT COLLATE utf8mb4_unicode_ci,
    timecreated BIGINT(10) NOT NULL,
    origin VARCHAR(10) COLLATE utf8mb4_unicode_ci,
    ip VARCHAR(45) COLLATE utf8mb4_unicode_ci,
CONSTRAINT  PRIMARY KEY (id)
, KEY mdl_logsstanlog_tim_ix (timecreated)
, KEY mdl_logsstanlog_couanotim_ix (courseid, anonymous, timecreated)
, KEY mdl_logsstanlog_useconconcr_ix (userid, contextlevel, contextinstanceid, crud, edulevel, timecreated)
, KEY mdl_logsstanlog_con_ix (contextid)
)
 ENGINE = InnoDB
 DEFAULT COLLATE = utf8mb4_unicode_ci ROW_FORMAT=Compressed
 COMMENT='Standard log table';
CREATE TABLE mdl_logstore_standard_log (
    id BIGINT(10) NOT NULL auto_increment,
    eventname VARCHAR(255) COLLATE utf8mb4_unicode_ci NOT NULL DEFAULT '',
    component VARCHAR(100) COLLATE utf8mb4_unicode_ci NOT NULL DEFAULT '',
    action VARCHAR(100) COLLATE utf8mb4_unicode_ci NOT NULL DEFAULT '',
    target VARCHAR(100) COLLATE utf8mb4_unicode_ci NOT NULL DEFAULT '',
    objectid BIGINT(10),
    crud VARCHAR(1) COLLATE utf8mb4_unicode_ci NOT NULL DEFAULT '',
    edulevel TINYINT(1) NOT NULL,
    contextid BIGINT(10) NOT NULL,
    contextlevel BIGINT(10) NOT NULL,
    contextinstanceid BIGINT(10) NOT NULL,
    userid BIGINT(10) NOT NULL,
    courseid BIGINT(10),
    anonymous TINYINT(1) NOT NULL DEFAULT 0,
    other LONGTEXT COLLATE utf8mb4_unicode_ci,
    timecreated BIGINT(10) NOT NULL,
CONSTRAINT  PRIMARY KEY (id)
, KEY mdl_logsstanlog_tim_ix (timecreated)
, KEY mdl_logsstanlog_couanotim_ix (courseid, anonymous, timecreated)
, KEY mdl_logsstanlog_useconconcr_ix (userid, contextlevel, contextinstanceid, crud, edulevel, timecreated)
, KEY mdl_logsstanlog_con_ix (contextid)
)
 ENGINE = InnoDB
 DEFAULT COLLATE = utf8mb4_unicode_ci ROW_FORMAT=Compressed
 COMMENT='Standard log table';
ALTER TABLE mdl_course ADD relativedatesmode TINYINT(1) NOT NULL DEFAULT 0 AFTER cacherev;
ALTER TABLE mdl_user MODIFY COLUMN idnumber VARCHAR(255) COLLATE utf8mb4_unicode_ci NOT NULL DEFAULT '';
ALTER TABLE mdl_user ADD INDEX mdl_user_lasfir_ix (lastname, firstname);
ALTER TABLE mdl_logstore_standard_log ADD relateduserid BIGINT(10) AFTER userid, ADD realuserid BIGINT(10) AFTER relateduserid;
ALTER TABLE mdl_config ROW_FORMAT=Dynamic;
ALTER TABLE mdl_course DROP INDEX mdl_cour_sor_ix;
