"""The web app: FastAPI routes over :mod:`gridlogic.service` and a static front end."""
