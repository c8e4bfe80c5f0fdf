-- Games, their seats and their move log. The move log is the record; games.state is a cache.
CREATE TABLE games (
    id          INTEGER PRIMARY KEY,
    guild_id    INTEGER NOT NULL,
    channel_id  INTEGER NOT NULL,
    game        TEXT    NOT NULL,
    options     TEXT    NOT NULL,            -- JSON object, normalised by the game
    seed        INTEGER NOT NULL,
    creator_id  INTEGER NOT NULL,
    status      TEXT    NOT NULL CHECK (status IN ('lobby', 'running', 'finished', 'abandoned')),
    version     INTEGER NOT NULL DEFAULT 0,  -- bumped by every write (optimistic concurrency)
    state       TEXT,                        -- game.to_json(state); NULL in the lobby
    created_at  REAL    NOT NULL,
    updated_at  REAL    NOT NULL
);

-- At most one open (lobby or running) game per channel or thread.
CREATE UNIQUE INDEX games_one_open_per_channel ON games (channel_id)
    WHERE status IN ('lobby', 'running');
CREATE INDEX games_by_guild ON games (guild_id, status);

CREATE TABLE seats (
    game_id  INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat     INTEGER NOT NULL,               -- join order in the lobby, play order once started
    user_id  INTEGER NOT NULL,
    name     TEXT    NOT NULL,               -- display name when the player sat down
    PRIMARY KEY (game_id, seat),
    UNIQUE (game_id, user_id)
);

CREATE TABLE moves (
    game_id  INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq      INTEGER NOT NULL,
    seat     INTEGER NOT NULL,
    text     TEXT    NOT NULL,               -- the move's canonical text (move.to_text())
    at       REAL    NOT NULL,
    PRIMARY KEY (game_id, seq)
);
