-- Computer seats, computer takeover, kick votes and undo (issues 10 and 11).
-- Who plays which seat besides its person, and open kick votes, written with the game's row:
-- JSON {"computers": {"<seat>": {"level": "normal", "mode": "seat|away|left|back", "moves": N}},
--       "kicks": {"<seat>": [voter user ids]}}; NULL = none of them.
ALTER TABLE games ADD COLUMN seating TEXT;
-- Who made a logged move: NULL = the seat's player; 'computer' = the computer player for the seat.
-- Undo and rollback entries are log entries too (text '@undo N' / '@rollback N').
ALTER TABLE moves ADD COLUMN actor TEXT;
