-- Trigram matching for the player search (a case-insensitive "contains" on user names).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
