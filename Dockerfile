# Senet Online server: build with cargo, run a slim image as a non-root user.
# CI runs this file's `cargo build` line as its own release build, so the
# image and CI build the same way.

FROM rust:1.95-slim-bookworm AS build
WORKDIR /src
COPY . .
RUN cargo build --release --locked -p senet-server

FROM debian:bookworm-slim AS runtime
RUN useradd --system --uid 10001 --home-dir /var/lib/senet --create-home senet
COPY --from=build /src/target/release/senet-server /usr/local/bin/senet-server
USER senet
WORKDIR /var/lib/senet
ENV SENET_BIND=0.0.0.0:8080
EXPOSE 8080
ENTRYPOINT ["/usr/local/bin/senet-server"]
