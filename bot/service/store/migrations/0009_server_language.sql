-- The language of a server's public posts (issue 15): `/game settings language:`, set by someone
-- with Manage Server. No row: the server's preferred locale as Discord reports it.
CREATE TABLE server_settings (
    guild_id  BIGINT PRIMARY KEY,
    language  TEXT NOT NULL
);
