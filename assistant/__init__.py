"""The companion's knowledge and reasoning: games, rules, calculators, tracker.

Pure core: nothing here imports Flask, SQLAlchemy, reportlab or qrcode (see README.md).
"""
