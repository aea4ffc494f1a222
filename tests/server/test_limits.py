"""Limits per client: the token bucket, whom X-Forwarded-For is believed from, feeds open."""
from __future__ import annotations

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from engine.server import create_app
from engine.server.limits import (MemoryBuckets, OpenCounter, RateLimited, RateLimiter,
                                  TokenBucket, client_address, parse_networks)
from engine.server.store import Store
from spec.common.errors import FruitspecError


class Clock:
    def __init__(self, now: float = 1000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def _limiter(per_minute=6.0, buckets=None):
    clock = Clock()
    bucket = TokenBucket(per_minute, burst=per_minute)
    buckets = MemoryBuckets() if buckets is None else buckets
    return RateLimiter("create", bucket, buckets, clock), clock


def _taken(limiter, address="10.0.0.1") -> bool:
    try:
        limiter.check(address)
    except RateLimited:
        return False
    return True


# --- the bucket ------------------------------------------------------------------------------
def test_a_full_bucket_takes_its_burst_at_once_then_refuses():
    limiter, _ = _limiter(6)
    assert [_taken(limiter) for _ in range(7)] == [True] * 6 + [False]


def test_the_bucket_refills_at_its_rate_and_never_past_its_burst():
    limiter, clock = _limiter(6)  # one token every 10 s
    for _ in range(6):
        limiter.check("a")
    clock.now += 9.9
    assert not _taken(limiter, "a")
    clock.now += 0.2
    assert _taken(limiter, "a") and not _taken(limiter, "a")
    clock.now += 3600  # an hour idle saves up 6, not 360
    assert [_taken(limiter, "a") for _ in range(7)] == [True] * 6 + [False]


def test_retry_after_is_whole_seconds_rounded_up_and_at_least_one():
    limiter, clock = _limiter(6)
    for _ in range(6):
        limiter.check("a")
    with pytest.raises(RateLimited) as info:
        limiter.check("a")
    assert info.value.retry_after == 10 and info.value.status == 429
    assert info.value.to_json()["error"] == "too-many"
    clock.now += 9.5
    with pytest.raises(RateLimited) as info:
        limiter.check("a")
    assert info.value.retry_after == 1  # 0.5 s left: still 1, never 0
    assert TokenBucket.retry_after(0.001) == 1 and TokenBucket.retry_after(2.01) == 3


def test_a_clock_going_back_adds_no_tokens():
    bucket = TokenBucket(60, burst=2)
    assert bucket.level(0.5, at=100.0, now=50.0) == 0.5


def test_addresses_have_buckets_of_their_own():
    limiter, _ = _limiter(2)
    assert [_taken(limiter, "a") for _ in range(3)] == [True, True, False]
    assert _taken(limiter, "b")


def test_full_buckets_are_forgotten():
    buckets = MemoryBuckets()
    limiter, clock = _limiter(60, buckets)
    for i in range(255):
        limiter.check(f"10.0.{i // 250}.{i % 250}")
    clock.now += 61  # every bucket is full again: none needs keeping
    limiter.check("10.9.9.9")
    assert len(buckets) == 1


def test_the_store_keeps_buckets_across_a_restart(tmp_path):
    limiter, clock = _limiter(2, Store(tmp_path / "t.sqlite3"))
    assert [_taken(limiter, "a") for _ in range(3)] == [True, True, False]
    again = RateLimiter("create", limiter.bucket, Store(tmp_path / "t.sqlite3"), clock)
    assert not _taken(again, "a") and _taken(again, "b")


def test_a_rate_of_zero_is_no_limit():
    limiter = RateLimiter("create", None, MemoryBuckets())
    assert all(_taken(limiter) for _ in range(1000))


# --- X-Forwarded-For ---------------------------------------------------------------------------
PROXIES = parse_networks("10.0.0.0/8, 192.168.1.1, ::1")


@pytest.mark.parametrize("peer, forwarded, client", [
    ("203.0.113.9", ["198.51.100.1"], "203.0.113.9"),  # not a proxy: its header is ignored
    ("10.1.2.3", [], "10.1.2.3"),  # a proxy that names nobody
    ("10.1.2.3", ["198.51.100.1"], "198.51.100.1"),
    ("10.1.2.3", ["1.1.1.1, 198.51.100.1"], "198.51.100.1"),  # the left is the client's
    ("10.1.2.3", ["1.1.1.1, 198.51.100.1, 192.168.1.1"], "198.51.100.1"),  # two proxies
    ("10.1.2.3", ["1.1.1.1", "198.51.100.1, 10.9.9.9"], "198.51.100.1"),  # two headers
    ("10.1.2.3", ["10.0.0.7, 10.0.0.8"], "10.0.0.7"),  # every hop a proxy: the furthest
    ("::1", ["2001:db8::1"], "2001:db8::1"),
    ("10.1.2.3", ["not-an-ip"], "not-an-ip"),  # what the proxy wrote, kept as a key
    (None, ["198.51.100.1"], "unknown"),
])
def test_forwarded_for_is_believed_only_from_a_trusted_proxy(peer, forwarded, client):
    assert client_address(peer, forwarded, PROXIES) == client


def test_without_trusted_proxies_the_header_is_never_read():
    assert client_address("127.0.0.1", ["198.51.100.1"], ()) == "127.0.0.1"


@pytest.mark.parametrize("text", ["10.0.0.0/33", "example.org", "10.0.0.1,,nope"])
def test_bad_proxy_lists_are_one_clear_error(text):
    with pytest.raises(FruitspecError, match="forwarded-allow-ips"):
        parse_networks(text)


def test_the_app_counts_a_proxied_client_by_its_forwarded_address():
    app = create_app(None, create_rate=1, forwarded_allow_ips="10.0.0.1")
    body = {"game": "bastos", "seed": 1}
    with TestClient(app, client=("10.0.0.1", 4000)) as proxy:
        for who in ("198.51.100.1", "198.51.100.2"):
            assert proxy.post("/api/tables", json=body,
                              headers={"X-Forwarded-For": who}).status_code == 201
        r = proxy.post("/api/tables", json=body, headers={"X-Forwarded-For": "198.51.100.1"})
        assert r.status_code == 429 and int(r.headers["retry-after"]) >= 1
        assert r.json()["error"] == "too-many" and r.json()["rule"] is None
    with TestClient(app, client=("203.0.113.5", 4000)) as direct:
        # not a proxy: naming someone else in the header does not buy another bucket
        assert direct.post("/api/tables", json=body).status_code == 201
        assert direct.post("/api/tables", json=body,
                           headers={"X-Forwarded-For": "198.51.100.9"}).status_code == 429


# --- feeds open at once ------------------------------------------------------------------------
def test_an_open_counter_bounds_each_address_and_forgets_idle_ones():
    feeds = OpenCounter(2)
    assert feeds.enter("a") and feeds.enter("a") and not feeds.enter("a")
    assert feeds.enter("b")
    feeds.leave("a")
    assert feeds.enter("a")
    for _ in range(2):
        feeds.leave("a")
    assert feeds.held("a") == 0 and "a" not in feeds._open


def test_feeds_over_the_limit_per_address_are_closed_with_1008():
    app = create_app(None, ws_per_client=2)
    with TestClient(app) as client:
        tid = client.post("/api/tables", json={"game": "bastos", "seed": 1}).json()["table"]
        url = f"/api/tables/{tid}/ws"
        with client.websocket_connect(url) as one, client.websocket_connect(url) as two:
            assert one.receive_json()["version"] == 0 and two.receive_json()["version"] == 0
            with client.websocket_connect(url) as three:
                assert three.receive_json()["error"] == "too-many"
                with pytest.raises(WebSocketDisconnect) as info:
                    three.receive_json()
                assert info.value.code == 1008
        with client.websocket_connect(url) as again:  # the two closed: room again
            assert again.receive_json()["version"] == 0
