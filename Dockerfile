# syntax=docker/dockerfile:1
# One image for the API and the workers (compose.yaml runs it both ways).
#   build stage: wheels for the project and its service dependencies, at the versions of
#                constraints.txt (the versions CI tests: .ci/run installs with it too)
#   run stage:   a slim Python with those wheels only, as a non-root user
#
# The base image is pinned by digest (python:3.11-slim): the same bytes on every build.  To
# refresh it (a Python or Debian security update), take the "Digest:" line of
# `docker buildx imagetools inspect python:3.11-slim` and replace both FROM lines' digest;
# regenerate constraints.txt the same day (its header says how).
FROM python:3.11-slim@sha256:9c900dea9e8fb7e16277c179b555cc72d29a352dbc33cff48ad5a0412fd5bfc7 AS build
WORKDIR /src
COPY pyproject.toml README.md constraints.txt ./
COPY judge ./judge
COPY schemas ./schemas
COPY worker ./worker
COPY api ./api
RUN pip wheel --no-cache-dir --wheel-dir /wheels -c constraints.txt ".[service]"

FROM python:3.11-slim@sha256:9c900dea9e8fb7e16277c179b555cc72d29a352dbc33cff48ad5a0412fd5bfc7
RUN useradd --create-home --uid 10001 judge
COPY --from=build /wheels /wheels
RUN pip install --no-cache-dir --no-index /wheels/*.whl && rm -rf /wheels
USER judge
WORKDIR /home/judge
ENV PYTHONUNBUFFERED=1 JUDGE_PORT=8000
EXPOSE 8000
# The API's liveness; compose.yaml gives the workers their own check.
HEALTHCHECK --interval=15s --timeout=3s --retries=3 \
  CMD ["python", "-c", "import os,urllib.request; urllib.request.urlopen('http://127.0.0.1:%s/healthz' % os.environ.get('JUDGE_PORT', '8000'), timeout=2)"]
# The API behind gunicorn with gevent's worker class (api.serving.GeventWorker: gunicorn's
# gevent worker whose own error answers, 414/431/400, are problems with the security
# headers): 2 processes per container, each serving up to 1000 connections, each
# connection a greenlet; scale containers for CPU.  A long-poll (GET ...?wait=) or a client
# sending its body slowly costs a socket and a greenlet while it waits, not a thread: under
# 2 processes x 16 threads, 200 long-polls or 40 clients sending a body a byte at a time
# held every thread and /healthz went unanswered (docs/service.md, "Serving model";
# tests/system/test_slow_clients.py).  Clients that never finish a request are the
# proxy's to drop (compose.yaml's nginx, docs/service.md "Deploying").
CMD ["sh", "-c", "exec gunicorn --worker-class api.serving.GeventWorker --workers 2 --worker-connections 1000 --bind 0.0.0.0:${JUDGE_PORT} 'api:create_app()'"]
