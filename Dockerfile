# Multi-stage image of the judge.  Today it runs the command line (`judge replay …`); the
# service (API and worker) will be added to this image when it is written.
FROM python:3.11-slim AS build
WORKDIR /src
COPY pyproject.toml README.md ./
COPY judge ./judge
COPY schemas ./schemas
COPY worker ./worker
RUN pip wheel --no-cache-dir --wheel-dir /wheels .

FROM python:3.11-slim
RUN useradd --create-home --uid 10001 judge
COPY --from=build /wheels /wheels
RUN pip install --no-cache-dir /wheels/*.whl && rm -rf /wheels
USER judge
WORKDIR /home/judge
HEALTHCHECK --interval=30s --timeout=5s CMD ["judge", "--version"]
ENTRYPOINT ["judge"]
CMD ["--help"]
