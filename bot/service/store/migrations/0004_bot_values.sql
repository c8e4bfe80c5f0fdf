-- Small values the bot keeps between runs, e.g. the hash of the command tree last synced to
-- Discord (a restart with the same commands does not sync again; design.md, rate limits).
CREATE TABLE bot_values (
    key    TEXT PRIMARY KEY,
    value  TEXT NOT NULL
);
