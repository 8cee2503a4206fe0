-- The directory filtered by country in its default order (by name) reads one page of this index,
-- instead of fetching and sorting every contact of the country (10,000 and more in a large one).
CREATE INDEX medical_contacts_country_name_idx ON medical_contacts (country, lower(name), id);
