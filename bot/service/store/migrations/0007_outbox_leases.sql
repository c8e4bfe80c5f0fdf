-- Several bot processes on one database (issue 16): a process takes the unsent notices it will
-- post with a lease (PostgreSQL: FOR UPDATE SKIP LOCKED), so each is posted by one process; a
-- process that dies holding them loses them to the next taker when leased_until has passed.
ALTER TABLE outbox ADD COLUMN leased_by TEXT;
ALTER TABLE outbox ADD COLUMN leased_until DOUBLE PRECISION;
