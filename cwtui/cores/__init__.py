"""The machine's cores: process pools that end with the parent and leave Ctrl+C to it
(processes), and the app's own search processes for its bots and hints (search_pool)."""
