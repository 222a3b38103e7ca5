# A slim image serving on port 8000 with the SQLite default; mount a volume on /app/data to keep the tables.
FROM python:3.11.16-slim-bookworm
WORKDIR /app
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 DATABASE_URL=sqlite:////app/data/tabletop.db
# Invite and spectator links are built from PUBLIC_URL, never from a request's Host header, and the server answers
# only to that host (plus loopback names and ALLOWED_HOSTS). Set it to the address people use:
#   docker run -e PUBLIC_URL=https://games.example.org ...
ENV PUBLIC_URL=http://localhost:8000
COPY pyproject.toml README.md alembic.ini ./
COPY app ./app
COPY games ./games
COPY migrations ./migrations
COPY templates ./templates
COPY static ./static
# server.lock: SQLite only; scale.lock adds the PostgreSQL and Redis drivers (deploy/compose.yaml builds with it).
ARG LOCK=server
COPY requirements/${LOCK}.lock ./requirements/
RUN pip install --no-cache-dir --require-hashes -r requirements/${LOCK}.lock \
    && pip install --no-cache-dir --no-deps --no-build-isolation -e . \
    && useradd --create-home player && mkdir -p /app/data && chown player /app/data
USER player
VOLUME ["/app/data"]
EXPOSE 8000
# The process answers (`/healthz`); deploy/compose.yaml checks readiness (`/readyz`) as well.
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s \
  CMD ["python", "-c", "import urllib.request as u; u.urlopen('http://127.0.0.1:8000/healthz', timeout=2)"]
CMD ["tabletop", "serve", "--host", "0.0.0.0", "--port", "8000"]
