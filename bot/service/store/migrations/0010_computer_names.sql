-- Computer seats are named "Computer 1" (issue 10): the level, once part of the stored name
-- ("Computer 1 (normal)", English in every language and cut on the boards), is shown apart in
-- the reader's language. Names stored the old way lose the suffix, so one name format is read.
-- Only computer seats have a negative user id; replace() is the same in SQLite and PostgreSQL.
UPDATE seats
SET name = replace(replace(replace(replace(name, ' (random)', ''), ' (easy)', ''), ' (normal)', ''), ' (hard)', '')
WHERE user_id < 0 AND name LIKE 'Computer %';
