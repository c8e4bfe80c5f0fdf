-- Several bot processes on one database (issue 16 item 2): the computer's work in a game (its
-- takeovers and moves) is done by the one process that leased the game (PostgreSQL: FOR UPDATE
-- SKIP LOCKED); a process that dies holding a game loses it to the next taker when
-- worker_until has passed. Not the game's version: leasing never makes a move's commit stale.
ALTER TABLE games ADD COLUMN worker_by TEXT;
ALTER TABLE games ADD COLUMN worker_until DOUBLE PRECISION;
