-- The lobby card's message, so that joining by command, starting and abandoning can update it.
ALTER TABLE games ADD COLUMN lobby_message_id INTEGER;
