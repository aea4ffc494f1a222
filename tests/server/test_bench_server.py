"""The smoke version of `make bench-server`: a few seconds per phase, few tables."""
from __future__ import annotations

from .bench_server import run


def test_the_server_bench_measures_actions_beside_the_bare_route(pg_cluster):
    figures = run([("postgresql", 1), ("postgresql", 2)], tables=8, seconds=1.5,
                  pg_url=pg_cluster.new_database, games=4)
    print("\nbench-server:", figures)
    for one in figures["runs"]:
        for phase in ("actions", "bare_route", "one_client_actions", "one_client_bare_route"):
            assert one[phase]["errors"] == 0, one[phase]["error_kinds"]
            assert one[phase]["requests"] >= 2 and one[phase]["p50_ms"] > 0
            assert one[phase]["server_cpu_ms_per_request"] > 0
        # the floor answers as many bytes as an action does
        assert abs(one["bare_route"]["reply_bytes"] - one["actions"]["reply_bytes"]) <= 8
        assert one["p50_ratio"] > 0 and one["one_client_p50_ratio"] > 0
    assert figures["scaling_2_over_1"] > 0
