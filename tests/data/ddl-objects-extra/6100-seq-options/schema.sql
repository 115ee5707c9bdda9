CREATE DATABASE `test` /*!40100 DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci */;

CREATE SEQUENCE `a` start with 1 minvalue 1 maxvalue 9223372036854775806 increment by 1 cache 1000 nocycle ENGINE=InnoDB;

CREATE SEQUENCE `b` start with 1 minvalue 1 maxvalue 9223372036854775806 increment by 1 cache 1000 nocycle ENGINE=InnoDB;

CREATE SEQUENCE `c` start with 7 minvalue 1 maxvalue 9223372036854775806 increment by 3 nocache nocycle ENGINE=InnoDB;

CREATE SEQUENCE `d` start with -1 minvalue -9223372036854775807 maxvalue -1 increment by -3 cache 1000 nocycle ENGINE=InnoDB;

CREATE SEQUENCE `e` start with 150 minvalue 100 maxvalue 200 increment by 10 nocache nocycle ENGINE=InnoDB;

CREATE SEQUENCE `g` start with 1 minvalue 1 maxvalue 9223372036854775806 increment by 0 cache 1000 nocycle ENGINE=InnoDB;

CREATE SEQUENCE `h` start with -9223372036854775807 minvalue -9223372036854775807 maxvalue 9223372036854775806 increment by 1 cache 1000 nocycle ENGINE=InnoDB;

CREATE SEQUENCE `i` start with -1 minvalue -100 maxvalue -1 increment by -1 cache 1000 nocycle ENGINE=InnoDB;

CREATE SEQUENCE `j` start with 1 minvalue 1 maxvalue 9223372036854775806 increment by 1 cache 1000 nocycle ENGINE=MyISAM;

CREATE SEQUENCE `k` start with 1 minvalue 1 maxvalue 9223372036854775806 increment by 1 cache 1000 nocycle ENGINE=Aria COMMENT='seq k';

CREATE SEQUENCE `m` start with 10 minvalue 1 maxvalue 9223372036854775806 increment by 1 cache 1000 nocycle ENGINE=InnoDB;

