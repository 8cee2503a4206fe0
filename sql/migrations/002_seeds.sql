-- Which one-off data sets (demo data, the gazetteer…) have been loaded, so each loads once.
CREATE TABLE seeds (
  name text PRIMARY KEY,
  applied_at timestamptz NOT NULL DEFAULT now()
);
