"""The checks of docker-compose.cluster.yml and its nginx configuration, for
scripts/check-deploy. Neither Docker nor nginx runs in CI, so `docker compose
config` and `nginx -t` are not available: the compose file is read as YAML
and the nginx file with a small parser of nginx's syntax (directives, blocks,
quotes, comments), and what the deployment relies on is checked by name."""

import re
from pathlib import Path

import yaml

CLUSTER_FILE = "docker-compose.cluster.yml"
NODE_PORT = "8080"


class NginxSyntaxError(Exception):
    """The nginx file does not parse."""


def nginx_tokens(text: str) -> list[tuple[str, int]]:
    """Words, quoted strings, `{`, `}` and `;`, each with its line; comments
    (`#` outside quotes, to the end of the line) dropped."""
    tokens: list[tuple[str, int]] = []
    i, line = 0, 1
    while i < len(text):
        c = text[i]
        if c == "\n":
            line += 1
            i += 1
        elif c.isspace():
            i += 1
        elif c == "#":
            while i < len(text) and text[i] != "\n":
                i += 1
        elif c in "{};":
            tokens.append((c, line))
            i += 1
        elif c in "'\"":
            end = i + 1
            while end < len(text) and text[end] != c:
                end += 2 if text[end] == "\\" else 1
            if end >= len(text):
                raise NginxSyntaxError(f"line {line}: unterminated quote")
            tokens.append((text[i + 1 : end], line))
            line += text[i:end].count("\n")
            i = end + 1
        else:
            end = i
            while end < len(text) and not text[end].isspace() and text[end] not in "{};":
                end += 1
            tokens.append((text[i:end], line))
            i = end
    return tokens


def parse_nginx(text: str) -> list[dict]:
    """The directives of an nginx file as a tree: each one `{"name", "args",
    "block" (None, or the directives inside), "line"}`."""
    tokens = nginx_tokens(text)
    position = 0

    def block(depth: int) -> list[dict]:
        nonlocal position
        directives: list[dict] = []
        words: list[tuple[str, int]] = []
        while position < len(tokens):
            token, line = tokens[position]
            position += 1
            if token == ";":
                if not words:
                    raise NginxSyntaxError(f"line {line}: `;` without a directive")
                directives.append(
                    {"name": words[0][0], "args": [w for w, _ in words[1:]], "block": None, "line": words[0][1]}
                )
                words = []
            elif token == "{":
                if not words:
                    raise NginxSyntaxError(f"line {line}: `{{` without a directive")
                inner = block(depth + 1)
                directives.append(
                    {"name": words[0][0], "args": [w for w, _ in words[1:]], "block": inner, "line": words[0][1]}
                )
                words = []
            elif token == "}":
                if words:
                    raise NginxSyntaxError(f"line {line}: `{words[0][0]}` is not ended by `;`")
                if depth == 0:
                    raise NginxSyntaxError(f"line {line}: `}}` without a block")
                return directives
            else:
                words.append((token, line))
        if words:
            raise NginxSyntaxError(f"`{words[0][0]}` is not ended by `;`")
        if depth > 0:
            raise NginxSyntaxError("a block is not closed (missing `}`)")
        return directives

    return block(0)


def find(directives: list[dict], name: str) -> list[dict]:
    """The directives of this name at this level."""
    return [d for d in directives if d["name"] == name]


def seconds(value: str) -> float | None:
    """An nginx time (`3600s`, `1h`, `90`) in seconds."""
    match = re.fullmatch(r"(\d+)(ms|s|m|h|d)?", value)
    if not match:
        return None
    scale = {"ms": 0.001, None: 1, "s": 1, "m": 60, "h": 3600, "d": 86400}[match.group(2)]
    return int(match.group(1)) * scale


def check_nginx(text: str, nodes: list[str], problems: list[str], where: str) -> None:
    """The proxy sends every request round-robin to exactly these nodes and
    passes WebSocket upgrades with long read timeouts."""
    try:
        top = parse_nginx(text)
    except NginxSyntaxError as error:
        problems.append(f"{where}: does not parse: {error}")
        return
    # The file is included in the image's `http` block (conf.d).
    allowed = {"upstream", "server", "map", "resolver", "resolver_timeout", "log_format", "access_log"}
    for directive in top:
        if directive["name"] not in allowed:
            problems.append(f"{where}: line {directive['line']}: `{directive['name']}` is not expected in the http block")
    upstreams = {d["args"][0]: d for d in find(top, "upstream") if d["args"] and d["block"] is not None}
    servers = [d for d in find(top, "server") if d["block"] is not None]
    if not servers:
        problems.append(f"{where}: no `server` block")
        return
    locations = [loc for s in servers for loc in find(s["block"], "location") if loc["args"] == ["/"]]
    if len(locations) != 1:
        problems.append(f"{where}: expected one `location /` that proxies to the nodes")
        return
    location = locations[0]["block"]

    passes = find(location, "proxy_pass")
    target = passes[0]["args"][0] if passes and passes[0]["args"] else ""
    name = target.removeprefix("http://").rstrip("/")
    if name not in upstreams:
        problems.append(f"{where}: `proxy_pass {target}` must name an upstream of this file")
    else:
        upstream = upstreams[name]["block"]
        balancing = {"ip_hash", "hash", "least_conn", "random", "sticky"} & {d["name"] for d in upstream}
        if balancing:
            problems.append(f"{where}: upstream `{name}` must be round-robin (found {', '.join(sorted(balancing))})")
        members = [d["args"][0] for d in find(upstream, "server") if d["args"]]
        expected = sorted(f"{node}:{NODE_PORT}" for node in nodes)
        if sorted(members) != expected:
            problems.append(f"{where}: upstream `{name}` lists {members}, expected the nodes {expected}")
        resolving = any("resolve" in d["args"][1:] for d in find(upstream, "server"))
        # nginx -t refuses `resolve` without a shared-memory zone and a resolver.
        if resolving and not find(upstream, "zone"):
            problems.append(f"{where}: `resolve` in upstream `{name}` needs a `zone`")
        if resolving and not (find(top, "resolver") or find(upstream, "resolver")):
            problems.append(f"{where}: `resolve` in upstream `{name}` needs a `resolver`")

    version = find(location, "proxy_http_version")
    if not version or version[0]["args"] != ["1.1"]:
        problems.append(f"{where}: WebSockets need `proxy_http_version 1.1`")
    headers = {d["args"][0].lower(): d["args"][1:] for d in find(location, "proxy_set_header") if d["args"]}
    if headers.get("upgrade") != ["$http_upgrade"]:
        problems.append(f"{where}: WebSockets need `proxy_set_header Upgrade $http_upgrade`")
    connection = headers.get("connection", [""])[0] if headers.get("connection") else ""
    mapped = {
        d["args"][1]
        for d in find(top, "map")
        if len(d["args"]) == 2 and d["args"][0] == "$http_upgrade" and d["block"] is not None
        and any(e["name"] == "default" and e["args"] == ["upgrade"] for e in d["block"])
    }
    if connection.lower() != "upgrade" and connection not in mapped:
        problems.append(
            f"{where}: WebSockets need `proxy_set_header Connection` set to `upgrade` "
            "or a `map $http_upgrade` whose default is `upgrade`"
        )
    if headers.get("host") != ["$host"]:
        problems.append(f"{where}: pass the browser's Host (`proxy_set_header Host $host`): Origin is checked against it")
    for timeout in ("proxy_read_timeout", "proxy_send_timeout"):
        values = find(location, timeout)
        value = seconds(values[0]["args"][0]) if values and values[0]["args"] else None
        # nginx's default is 60 s; a game's socket stays open for the game.
        if value is None or value < 600:
            problems.append(f"{where}: `{timeout}` must be long (at least 600s) for game sockets")


def check_cluster(root: Path, problems: list[str]) -> None:
    """docker-compose.cluster.yml: nodes on one PostgreSQL and one NATS
    (JetStream on), each with its own id, reached only through the proxy."""
    path = root / CLUSTER_FILE
    if not path.exists():
        problems.append(f"{CLUSTER_FILE}: missing")
        return
    compose = yaml.safe_load(path.read_text())
    services = compose.get("services", {})
    for name in ("postgres", "nats", "proxy"):
        if name not in services:
            problems.append(f"cluster: missing service `{name}`")
    nodes = sorted(name for name in services if re.fullmatch(r"node-\d+", name))
    if len(nodes) < 2:
        problems.append("cluster: expected at least two server services `node-N`")
    if problems:
        return
    postgres, nats, proxy = services["postgres"], services["nats"], services["proxy"]
    if not re.fullmatch(r"postgres:\d+(\.\d+)?(-\S+)?", postgres.get("image", "")):
        problems.append("cluster: postgres image must pin a major version")
    if "healthcheck" not in postgres:
        problems.append("cluster: postgres needs a healthcheck")
    named = set(compose.get("volumes", {}) or {})
    if not any(str(v).split(":")[0] in named for v in postgres.get("volumes", [])):
        problems.append("cluster: postgres data must live in a named volume")

    if not re.fullmatch(r"nats:\d+(\.\d+)*(-\S+)?", nats.get("image", "")):
        problems.append("cluster: nats must be the official image with a pinned version")
    command = nats.get("command", [])
    command = command.split() if isinstance(command, str) else [str(c) for c in command]
    if "-js" not in command and "--jetstream" not in command:
        problems.append("cluster: nats must run with JetStream (`-js`)")
    if "healthcheck" not in nats:
        problems.append("cluster: nats needs a healthcheck (the nodes wait for it)")

    urls, ids, public = set(), [], set()
    for name in nodes:
        node = services[name]
        env = node.get("environment", {}) or {}
        if node.get("build") is None:
            problems.append(f"cluster: `{name}` must be built from the Dockerfile")
        url = str(env.get("DATABASE_URL", ""))
        if not re.match(r"postgres(ql)?://[^/]*@postgres:5432/", url):
            problems.append(f"cluster: `{name}` needs DATABASE_URL pointing at the postgres service")
        urls.add(url)
        if env.get("SENET_NATS_URL") != "nats://nats:4222":
            problems.append(f"cluster: `{name}` needs SENET_NATS_URL nats://nats:4222")
        ids.append(str(env.get("SENET_NODE_ID", "")))
        public.add(env.get("SENET_PUBLIC_URL"))
        if not str(env.get("SENET_BIND", "")).endswith(f":{NODE_PORT}"):
            problems.append(f"cluster: `{name}` must listen on port {NODE_PORT} (SENET_BIND)")
        depends = node.get("depends_on", {})
        for dependency in ("postgres", "nats"):
            if not isinstance(depends, dict) or depends.get(dependency, {}).get("condition") != "service_healthy":
                problems.append(f"cluster: `{name}` must wait for a healthy {dependency}")
        if node.get("ports"):
            problems.append(f"cluster: `{name}` must not publish a port: clients go through the proxy")
    if len(urls) != 1:
        problems.append("cluster: every node must use the same DATABASE_URL")
    if len(set(ids)) != len(ids) or not all(ids):
        problems.append(f"cluster: every node needs its own SENET_NODE_ID (got {ids})")
    if len(public) != 1 or None in public:
        problems.append("cluster: every node needs the same SENET_PUBLIC_URL (the proxy's address)")

    if not re.fullmatch(r"nginx:\d+\.\d+(\.\d+)?(-\S+)?", proxy.get("image", "")):
        problems.append("cluster: the proxy must be nginx with a pinned version")
    if not proxy.get("ports"):
        problems.append("cluster: the proxy must publish its port")
    if set(proxy.get("depends_on", [])) != set(nodes):
        problems.append("cluster: the proxy must depend on every node (nginx resolves their names at start)")
    configs = [
        str(v).split(":")
        for v in proxy.get("volumes", [])
        if str(v).split(":")[1:2] and str(v).split(":")[1].startswith("/etc/nginx/")
    ]
    if len(configs) != 1 or not configs[0][0].startswith("./deploy/"):
        problems.append("cluster: the proxy must mount one nginx configuration from ./deploy/")
        return
    config = root / configs[0][0]
    if not config.is_file():
        problems.append(f"cluster: {configs[0][0]} does not exist")
        return
    check_nginx(config.read_text(), nodes, problems, configs[0][0].removeprefix("./"))
