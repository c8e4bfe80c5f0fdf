-- Turn reminders: the version of the game whose wait was already reminded, so each waiting period
-- (a version: every move bumps it) gets at most one reminder, across restarts too.
ALTER TABLE games ADD COLUMN reminded_version INTEGER;
CREATE INDEX games_waiting ON games (status, updated_at);
