-- The lobby card's message, so that joining by command, starting and abandoning can update it.
-- BIGINT: a Discord message id needs 64 bits in PostgreSQL (SQLite reads it as INTEGER, as before).
ALTER TABLE games ADD COLUMN lobby_message_id BIGINT;
