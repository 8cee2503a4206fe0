-- What the bot stands on: contacts, templates, its users and groups, usage, logs and settings.
-- cube and earthdistance give the nearest-contact lookup; pg_trgm the fuzzy city and text search.
-- Creating them needs a superuser (or have one create them beforehand).
CREATE EXTENSION IF NOT EXISTS cube;
CREATE EXTENSION IF NOT EXISTS earthdistance;
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- One row: the settings the bot and the console share.
CREATE TABLE system_settings (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  default_daily_limit integer NOT NULL DEFAULT 3 CHECK (default_daily_limit > 0),
  results_per_answer integer NOT NULL DEFAULT 5 CHECK (results_per_answer BETWEEN 1 AND 20),
  max_radius_km integer NOT NULL DEFAULT 100 CHECK (max_radius_km BETWEEN 1 AND 20000),
  time_zone text NOT NULL DEFAULT 'UTC',
  maintenance_mode boolean NOT NULL DEFAULT false,
  max_response_time_seconds integer NOT NULL DEFAULT 30,
  allowed_groups text NOT NULL DEFAULT '',
  auto_backup boolean NOT NULL DEFAULT true,
  log_level text NOT NULL DEFAULT 'INFO' CHECK (log_level IN ('DEBUG', 'INFO', 'WARN', 'ERROR')),
  log_retention_days integer NOT NULL DEFAULT 90 CHECK (log_retention_days > 0),
  broadcast_rate_per_second integer NOT NULL DEFAULT 30 CHECK (broadcast_rate_per_second > 0),
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO system_settings DEFAULT VALUES;

CREATE TABLE medical_contacts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL,
  phone text NOT NULL,
  specialty text NOT NULL DEFAULT '',
  city text NOT NULL DEFAULT '',
  region text NOT NULL DEFAULT '',
  country text NOT NULL DEFAULT '',
  latitude double precision CHECK (latitude BETWEEN -90 AND 90),
  longitude double precision CHECK (longitude BETWEEN -180 AND 180),
  contact_method text NOT NULL DEFAULT 'phone' CHECK (contact_method IN ('phone', 'telegram', 'whatsapp')),
  telegram_username text,
  start_message text,
  special_instructions text,
  password_required boolean NOT NULL DEFAULT false,
  is_whatsapp_only boolean NOT NULL DEFAULT false,
  available_hours text NOT NULL DEFAULT '',
  response_time text NOT NULL DEFAULT '',
  languages text[] NOT NULL DEFAULT '{English}',
  rating numeric(2, 1) NOT NULL DEFAULT 0 CHECK (rating BETWEEN 0 AND 5),
  verified boolean NOT NULL DEFAULT false,
  verified_at timestamptz,
  verified_by bigint REFERENCES admin_users (id) ON DELETE SET NULL,
  is_active boolean NOT NULL DEFAULT true,
  is_master_of_medicine boolean NOT NULL DEFAULT false,
  comments text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((latitude IS NULL) = (longitude IS NULL))
);
-- One KNN index per tier: the lookup reads Master-of-Medicine contacts first, then the rest.
CREATE INDEX medical_contacts_master_location_idx ON medical_contacts
  USING gist (ll_to_earth(latitude, longitude))
  WHERE is_active AND is_master_of_medicine AND latitude IS NOT NULL;
CREATE INDEX medical_contacts_other_location_idx ON medical_contacts
  USING gist (ll_to_earth(latitude, longitude))
  WHERE is_active AND NOT is_master_of_medicine AND latitude IS NOT NULL;

-- How often each contact was shown in an answer, per day: contact analytics rank by it.
CREATE TABLE contact_daily_requests (
  contact_id bigint NOT NULL REFERENCES medical_contacts (id) ON DELETE CASCADE,
  day date NOT NULL,
  requests integer NOT NULL DEFAULT 0,
  PRIMARY KEY (contact_id, day)
);

CREATE TABLE message_templates (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL,
  type text NOT NULL CHECK (type IN ('welcome', 'location_result', 'master_of_medicine', 'location_confirmation',
    'error', 'help', 'rate_limit', 'broadcast', 'custom')),
  content text NOT NULL,
  variables text[] NOT NULL DEFAULT '{}',
  is_active boolean NOT NULL DEFAULT true,
  usage_count bigint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX message_templates_active_type_idx ON message_templates (type, updated_at DESC) WHERE is_active;

CREATE TABLE telegram_users (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  telegram_id bigint NOT NULL UNIQUE,
  first_name text NOT NULL DEFAULT '',
  last_name text,
  username text,
  language_code text,
  -- false once Telegram says the user blocked the bot or was deactivated.
  is_active boolean NOT NULL DEFAULT true,
  -- Blocked from the bot by staff.
  is_blocked boolean NOT NULL DEFAULT false,
  total_requests bigint NOT NULL DEFAULT 0,
  last_seen timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE authorized_groups (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  group_id bigint NOT NULL UNIQUE,
  group_name text NOT NULL,
  group_type text NOT NULL DEFAULT 'supergroup' CHECK (group_type IN ('supergroup', 'group', 'channel')),
  daily_limit integer NOT NULL DEFAULT 3 CHECK (daily_limit > 0),
  description text,
  is_active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE admin_whitelist (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  telegram_id bigint NOT NULL UNIQUE,
  username text,
  first_name text,
  last_name text,
  reason text,
  added_by text,
  is_active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- What getChatMember last said of a user in an authorized group; trusted for 24 hours.
CREATE TABLE user_memberships (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  telegram_id bigint NOT NULL,
  group_id bigint NOT NULL,
  membership_status text NOT NULL,
  joined_at timestamptz,
  last_verified timestamptz NOT NULL,
  is_active boolean NOT NULL,
  UNIQUE (telegram_id, group_id)
);
CREATE INDEX user_memberships_group_idx ON user_memberships (group_id);

-- Successful lookups per user and local day (in the configured time zone).
CREATE TABLE daily_usage (
  telegram_id bigint NOT NULL,
  usage_date date NOT NULL,
  used integer NOT NULL DEFAULT 0,
  PRIMARY KEY (telegram_id, usage_date)
);

CREATE TABLE bot_logs (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  level text NOT NULL CHECK (level IN ('DEBUG', 'INFO', 'WARN', 'ERROR')),
  message text NOT NULL,
  command text,
  user_id bigint,
  chat_id bigint,
  duration_ms integer,
  error_message text,
  metadata jsonb NOT NULL DEFAULT '{}',
  -- Where the request was about (the nearest gazetteer city), for analytics.
  latitude double precision,
  longitude double precision,
  city text,
  region text,
  country text,
  result_count integer
);
CREATE INDEX bot_logs_created_idx ON bot_logs (created_at);
CREATE INDEX bot_logs_level_idx ON bot_logs (level, id);
CREATE INDEX bot_logs_user_idx ON bot_logs (user_id, id);

CREATE TABLE notifications (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  type text NOT NULL CHECK (type IN ('critical', 'warning', 'success', 'info')),
  priority integer NOT NULL DEFAULT 1,
  title text NOT NULL,
  message text NOT NULL,
  is_read boolean NOT NULL DEFAULT false,
  read_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz,
  metadata jsonb NOT NULL DEFAULT '{}'
);
CREATE INDEX notifications_created_idx ON notifications (created_at DESC);

-- The cities of the world (GeoNames, population 1000 or more), loaded once at first start.
CREATE TABLE cities (
  id bigint PRIMARY KEY,
  name text NOT NULL,
  alt_name text NOT NULL DEFAULT '',
  country_code text NOT NULL,
  country text NOT NULL,
  admin_code text NOT NULL DEFAULT '',
  region text NOT NULL DEFAULT '',
  population integer NOT NULL DEFAULT 0,
  latitude double precision NOT NULL,
  longitude double precision NOT NULL
);
CREATE INDEX cities_location_idx ON cities USING gist (ll_to_earth(latitude, longitude));
CREATE INDEX cities_name_trgm_idx ON cities USING gin (lower(name) gin_trgm_ops);
CREATE INDEX cities_name_idx ON cities (lower(name));
