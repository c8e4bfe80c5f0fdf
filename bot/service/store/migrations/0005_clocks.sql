-- Move clocks, their pings and players' own settings (issue 11). Types both stores read alike.
-- Hours each decision may take: 0 = no clock; NULL = a game made before clocks, which keeps the
-- server default (CLOCK_HOURS).
ALTER TABLE games ADD COLUMN clock_hours DOUBLE PRECISION;
-- The single reminder per wait (migration 3) is replaced by the clock's pings (waits, outbox).
ALTER TABLE games DROP COLUMN reminded_version;

-- Whom a running game waits for and since when, written with the game's row (no extra statement
-- per move): JSON [[seat, version the decision became the seat's, since, mentioned, handed], ...]
-- where mentioned = the turn message pinged the player, handed = it came from another's move.
ALTER TABLE games ADD COLUMN waits TEXT;

-- Messages the bot owes a game's channel or players (pings, direct messages, notices). A row is
-- written (claimed, at most once per key) before the message is posted and marked sent after;
-- an unsent row is retried with a nonce made from its key, so Discord drops a repeat.
CREATE TABLE outbox (
    game_id    BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    key        TEXT   NOT NULL,            -- what it is, e.g. ping:<seat>:<version>:half
    body       TEXT   NOT NULL,            -- JSON: what to say, rendered when it is delivered
    created_at DOUBLE PRECISION NOT NULL,
    sent_at    DOUBLE PRECISION,
    PRIMARY KEY (game_id, key)
);
CREATE INDEX outbox_unsent ON outbox (sent_at, created_at);

-- A player's own settings (/game settings), the same in every server.
CREATE TABLE player_settings (
    user_id      BIGINT  PRIMARY KEY,
    quiet_start  INTEGER,                  -- minutes after local midnight; NULL = no quiet hours
    quiet_end    INTEGER,
    tz           TEXT,                     -- IANA zone name, e.g. Europe/Rome
    dm           INTEGER NOT NULL DEFAULT 0
);
