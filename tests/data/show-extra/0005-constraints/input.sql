CREATE TABLE parent (id INT PRIMARY KEY, code INT NOT NULL, alt INT, UNIQUE KEY uq_code (code), KEY k_alt (alt));
CREATE TABLE child (id INT AUTO_INCREMENT PRIMARY KEY, pid INT, pcode INT, palt INT, qty INT CHECK (qty >= 0), doc JSON, CONSTRAINT fk_p FOREIGN KEY (pid) REFERENCES parent (id) ON DELETE SET NULL ON UPDATE CASCADE, FOREIGN KEY (pcode) REFERENCES parent (code), FOREIGN KEY (palt) REFERENCES parent (alt) ON DELETE NO ACTION, CONSTRAINT chk_ids CHECK (pid <> id), CHECK (pcode > 0));
CREATE TABLE multi (a INT NOT NULL, b INT NOT NULL, c INT, PRIMARY KEY (a, b), UNIQUE KEY (c, a));
