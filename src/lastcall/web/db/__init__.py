"""The database: models, the engine for a URL, and migrations shipped with the package."""
