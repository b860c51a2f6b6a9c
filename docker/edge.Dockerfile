# Image of the edge: Debian's nginx (the one CI tests) running the shipped template as www-data.
FROM debian:bookworm-slim
RUN apt-get update \
  && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends nginx gettext-base \
  && rm -rf /var/lib/apt/lists/*
COPY docker/edge/nginx.conf.template /etc/svc-edge/nginx.conf.template
COPY docker/edge/entrypoint.sh /usr/local/bin/svc-edge
RUN chmod 0755 /usr/local/bin/svc-edge
USER www-data
ENV EDGE_LISTEN=8080
EXPOSE 8080
# The edge's own probe, answered by nginx to loopback only (not proxied to a server).
HEALTHCHECK --interval=10s --timeout=3s --start-period=5s --retries=3 \
  CMD ["bash", "-c", "exec 3<>/dev/tcp/127.0.0.1/8080 && printf 'GET /__edge/healthz HTTP/1.0\\r\\n\\r\\n' >&3 && head -n1 <&3 | grep -q ' 200 '"]
ENTRYPOINT ["/usr/local/bin/svc-edge"]
