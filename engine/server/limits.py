"""What one client may ask of the server: tables created per minute, feeds open at once.

A client is its address: the socket's peer, or, when that peer is a proxy the operator
trusts (``--forwarded-allow-ips``), the right-most address of ``X-Forwarded-For`` that is
not one of those proxies (the left of the header is whatever the client wrote).
"""
from __future__ import annotations

import ipaddress
import math
import time
from dataclasses import dataclass
from typing import Callable, Iterable, Protocol, Union

from starlette.requests import HTTPConnection

from spec.common.errors import FruitspecError

from engine.core.table import Refusal

Network = Union[ipaddress.IPv4Network, ipaddress.IPv6Network]
MAX_ADDRESS_CHARS = 64  # of a forwarded address kept as a bucket's key


class RateLimited(Refusal):
    """Too many requests from one address; ``retry_after`` is whole seconds to wait."""

    status, kind = 429, "too-many"

    def __init__(self, message: str, retry_after: int) -> None:
        super().__init__(message)
        self.retry_after = retry_after


@dataclass(frozen=True)
class TokenBucket:
    """``per_minute`` tokens a minute, at most ``burst`` saved up; one per request.

    Pure arithmetic on a (level, at) pair, so a bucket may live in memory or in the store.
    """

    per_minute: float
    burst: float

    @property
    def per_second(self) -> float:
        return self.per_minute / 60.0

    @property
    def full_after(self) -> float:
        """Seconds after which any bucket is full again (and need not be kept)."""
        return self.burst / self.per_second

    def level(self, level: float | None, at: float | None, now: float) -> float:
        """The tokens a bucket left at ``level`` at time ``at`` holds at ``now``."""
        if level is None or at is None:
            return self.burst  # never seen: full
        return min(self.burst, level + max(0.0, now - at) * self.per_second)

    def take(self, level: float | None, at: float | None, now: float) -> tuple[float, float]:
        """(level after, seconds to wait): one token taken when the wait is 0.0."""
        current = self.level(level, at, now)
        if current >= 1.0:
            return current - 1.0, 0.0
        return current, (1.0 - current) / self.per_second

    @staticmethod
    def retry_after(wait: float) -> int:
        """A ``Retry-After`` value: whole seconds, rounded up, at least 1."""
        return max(1, math.ceil(wait))


class Buckets(Protocol):
    """Where buckets are kept: :class:`MemoryBuckets` or :class:`engine.server.store.Store`."""

    def take_token(self, key: str, bucket: TokenBucket, now: float) -> float: ...


class MemoryBuckets:
    """Buckets of a server without a database. Full buckets are dropped now and then."""

    def __init__(self) -> None:
        self._buckets: dict[str, tuple[float, float]] = {}
        self._takes = 0

    def take_token(self, key: str, bucket: TokenBucket, now: float) -> float:
        before, at = self._buckets.get(key, (None, None))
        level, wait = bucket.take(before, at, now)
        self._buckets[key] = (level, now)
        self._takes += 1
        if self._takes % 256 == 0:
            self._forget_full(bucket, now)
        return wait

    def _forget_full(self, bucket: TokenBucket, now: float) -> None:
        old = now - bucket.full_after
        for key in [k for k, (_, at) in self._buckets.items() if at < old]:
            del self._buckets[key]

    def __len__(self) -> int:
        return len(self._buckets)


class RateLimiter:
    """One :class:`TokenBucket` per client address for one kind of request."""

    def __init__(self, what: str, bucket: TokenBucket | None, buckets: Buckets,
                 clock: Callable[[], float] = time.time) -> None:
        self.what, self.bucket, self.buckets, self.clock = what, bucket, buckets, clock

    def check(self, address: str) -> None:
        """Take a token for ``address``; :class:`RateLimited` when it has none left."""
        if self.bucket is None:
            return  # no limit
        wait = self.buckets.take_token(f"{self.what} {address}", self.bucket, self.clock())
        if wait > 0:
            seconds = TokenBucket.retry_after(wait)
            raise RateLimited(f"too many requests ({self.what}) from this address: at most"
                              f" {self.bucket.per_minute:g} a minute; retry in {seconds} s",
                              retry_after=seconds)


class OpenCounter:
    """How many of something (feeds) each address holds open, at most ``limit`` each."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._open: dict[str, int] = {}

    def enter(self, address: str) -> bool:
        """Count one more for ``address``; False (nothing counted) when it is at its limit."""
        held = self._open.get(address, 0)
        if held >= self.limit:
            return False
        self._open[address] = held + 1
        return True

    def leave(self, address: str) -> None:
        held = self._open.get(address, 0) - 1
        if held > 0:
            self._open[address] = held
        else:
            self._open.pop(address, None)  # an address with nothing open is not kept

    def held(self, address: str) -> int:
        return self._open.get(address, 0)


@dataclass
class ClientLimits:
    """A server's limits per client: tables created, feeds open, and whom to believe."""

    create: RateLimiter
    feeds: OpenCounter
    proxies: tuple[Network, ...] = ()

    def address(self, conn: HTTPConnection) -> str:
        """The client of a request or a WebSocket (see :func:`client_address`)."""
        peer = conn.client.host if conn.client is not None else None
        return client_address(peer, conn.headers.getlist("x-forwarded-for"), self.proxies)


# --- addresses -------------------------------------------------------------------------------
def parse_networks(text: str | Iterable[str]) -> tuple[Network, ...]:
    """``--forwarded-allow-ips``: comma-separated addresses or CIDR blocks ("" for none)."""
    items = text.split(",") if isinstance(text, str) else list(text)
    nets = []
    for item in (i.strip() for i in items):
        if not item:
            continue
        try:
            nets.append(ipaddress.ip_network(item, strict=False))
        except ValueError:
            raise FruitspecError(f"--forwarded-allow-ips: {item[:60]!r} is not an IP"
                                 " address or a CIDR block such as 10.0.0.0/8") from None
    return tuple(nets)


def _trusted(address: str, proxies: tuple[Network, ...]) -> bool:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return any(ip in net for net in proxies)


def client_address(peer: str | None, forwarded: Iterable[str],
                   proxies: tuple[Network, ...]) -> str:
    """The address a request is counted against.

    ``forwarded`` holds the ``X-Forwarded-For`` headers, read only when ``peer`` is a
    trusted proxy: each proxy appends the address it saw, so walking from the right, the
    first address that is not a trusted proxy is the client (an address further left
    came from that client, who may write anything there).
    """
    address = peer or "unknown"
    if not proxies or not _trusted(address, proxies):
        return address
    hops = [h.strip() for line in forwarded for h in line.split(",") if h.strip()]
    for hop in reversed(hops):
        address = hop[:MAX_ADDRESS_CHARS]
        if not _trusted(address, proxies):
            return address
    return address  # every hop is a trusted proxy: the furthest one
