CREATE TABLE articles (id INT PRIMARY KEY, title CHAR(100), body TEXT, FULLTEXT KEY ft_all (title, body)) ENGINE=MyISAM;
CREATE TABLE notes (id INT, head VARCHAR(50) CHARACTER SET latin1, txt MEDIUMTEXT, FULLTEXT (head, txt));
CREATE TABLE notes2 (id INT, head VARCHAR(50) COLLATE utf8mb4_unicode_ci, txt LONGTEXT COLLATE utf8mb4_unicode_ci, FULLTEXT (txt, head));
ALTER TABLE notes2 MODIFY head VARCHAR(50) COLLATE utf8mb4_bin;
ALTER TABLE notes2 ADD COLUMN extra TINYTEXT CHARACTER SET utf8mb3, ADD FULLTEXT fx (extra);
ALTER TABLE notes2 ADD FULLTEXT fy (extra, txt);
CREATE FULLTEXT INDEX fz ON articles (body, title);
