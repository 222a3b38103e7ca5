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
COPY requirements/server.lock ./requirements/
RUN pip install --no-cache-dir --require-hashes -r requirements/server.lock \
    && pip install --no-cache-dir --no-deps --no-build-isolation -e . \
    && useradd --create-home player && mkdir -p /app/data && chown player /app/data
USER player
VOLUME ["/app/data"]
EXPOSE 8000
CMD ["tabletop", "serve", "--host", "0.0.0.0", "--port", "8000"]
