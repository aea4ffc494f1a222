"""Tables in memory only while in use: loaded on demand, evicted when finished or idle."""
from __future__ import annotations

import asyncio

import engine
from engine.analysis.agents import play_game
from engine.server.store import Store
from engine.server.tables import Tables
from engine.core.table import Table, TableSetup

GAME = "bastos"


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def _seat(text: str) -> int:
    return int(text[1:text.index(":")])


def _record(seed: int = 1) -> list[str]:
    return [str(a) for a in play_game(engine.load(GAME), "random", seed=seed).actions]


def _play(tables: Tables, tid: str, actions: list[str], start: int = 0) -> None:
    for i, text in enumerate(actions, start):
        tables.act(tid, _seat(text), text, i)


def _answers(tables: Tables, tid: str, tokens: list[str | None]) -> list[object]:
    """Everything the routes answer about a table, seat by seat."""
    out: list[object] = []
    for token in (*tokens, None):
        seat = tables.seat_for(tid, token)
        out += [tables.snapshot(tid, seat), tables.events(tid, seat, 0),
                tables.message(tid, seat, 0)]
    return out


def test_a_reopened_store_holds_nothing_in_memory_until_asked(tmp_path):
    tables = Tables(Store(tmp_path / "t.sqlite3"))
    tid, tokens = tables.create(TableSetup(game=GAME, seed=1))
    _play(tables, tid, _record()[:10])
    before = _answers(tables, tid, tokens)
    again = Tables(Store(tmp_path / "t.sqlite3"))
    assert again.ids() == []
    assert _answers(again, tid, tokens) == before and again.ids() == [tid]


def test_a_finished_game_leaves_memory_after_its_feeds_have_their_last_message(tmp_path):
    tables = Tables(Store(tmp_path / "t.sqlite3"))
    tid, tokens = tables.create(TableSetup(game=GAME, seed=1))
    record = _record()
    sub = tables.subscribe(tid, 0)
    _play(tables, tid, record)
    assert tid not in tables.ids()
    last = [sub.queue.get_nowait() for _ in range(sub.queue.qsize())][-1]
    assert last["version"] == len(record) and last["view"]["over"]
    # asked again, it answers as before (from the store), and leaves at the next sweep
    assert tables.scenario(tid)["actions"] == record
    assert tables.snapshot(tid, tables.seat_for(tid, tokens[1]))["over"]
    assert tables.sweep() == 1 and tables.ids() == []
    tables.unsubscribe(sub)  # a feed of an evicted table goes away quietly


def test_an_idle_table_leaves_memory_after_the_timeout_and_plays_on_when_asked(tmp_path):
    clock = Clock()
    tables = Tables(Store(tmp_path / "t.sqlite3"), idle_timeout=60, clock=clock)
    tid, tokens = tables.create(TableSetup(game=GAME, seed=1))
    record = _record()
    _play(tables, tid, record[:5])
    clock.now += 59
    assert tables.sweep() == 0
    tables.snapshot(tid, None)  # reading is not acting: it does not keep a table in memory
    clock.now += 2
    assert tables.sweep() == 1 and tables.ids() == []
    before = _answers(tables, tid, tokens)
    tables.sweep()  # no time passed since the reload
    _play(tables, tid, record[5:], start=5)  # accepted: the table is loaded again
    assert tables.scenario(tid)["actions"] == record
    assert before[0]["version"] == 5


def test_an_open_feed_keeps_a_table_in_memory(tmp_path):
    clock = Clock()
    tables = Tables(Store(tmp_path / "t.sqlite3"), idle_timeout=60, clock=clock)
    tid, _ = tables.create(TableSetup(game=GAME, seed=1))
    sub = tables.subscribe(tid, None)
    clock.now += 3600
    assert tables.sweep() == 0
    tables.unsubscribe(sub)
    assert tables.sweep() == 1


def test_a_server_without_a_database_keeps_its_tables(tmp_path):
    clock = Clock()
    tables = Tables(idle_timeout=1, clock=clock)
    tid, _ = tables.create(TableSetup(game=GAME, seed=1))
    clock.now += 10
    assert tables.sweep() == 0 and tables.ids() == [tid]


def test_a_table_evicted_under_a_reader_is_not_acted_on_twice(tmp_path):
    """Whoever holds an evicted table looks it up again: one table, one lock."""
    clock = Clock()
    tables = Tables(Store(tmp_path / "t.sqlite3"), idle_timeout=1, clock=clock)
    tid, _ = tables.create(TableSetup(game=GAME, seed=1))
    stale = tables._get(tid)
    clock.now += 2
    tables.sweep()
    record = _record()
    _play(tables, tid, record[:3])
    assert stale.evicted and stale.table.version == 0
    assert tables._get(tid) is not stale and tables.get(tid).version == 3


# --- agents ----------------------------------------------------------------------------------
def _run_until(tables: Tables, done, seconds: float = 20.0) -> None:
    async def main() -> None:
        tables.start()
        try:
            for _ in range(int(seconds / 0.02)):
                if done():
                    return
                await asyncio.sleep(0.02)
            raise AssertionError("the agents did not finish in time")
        finally:
            await tables.stop()
    asyncio.run(main())


def _stored_version(path, tid) -> int:
    return Store(path).db.execute("SELECT version FROM tables WHERE id = ?",
                                  (tid,)).fetchone()[0]


def test_agents_play_on_after_a_restart_without_other_tables_loaded(tmp_path):
    path = tmp_path / "t.sqlite3"
    first = Tables(Store(path))  # never started: its agents never moved
    robots, _ = first.create(TableSetup(game=GAME, seed=2, agents=("random",) * 3))
    human, _ = first.create(TableSetup(game=GAME, seed=3))
    first.store.close()
    again = Tables(Store(path), agent_delay=0.0)
    _run_until(again, lambda: robots not in again.ids() and _stored_version(path, robots) > 0)
    assert Tables(Store(path)).get(robots).over
    assert human not in again.ids()  # no agent to move: never replayed


def test_a_table_loaded_on_demand_starts_its_agents(tmp_path):
    path = tmp_path / "t.sqlite3"
    first = Tables(Store(path))
    tid, _ = first.create(TableSetup(game=GAME, seed=2, agents=("random",) * 3))
    first.store.set_agent_turn(tid, False)  # as if the mark were lost: only a load finds it
    first.store.close()
    again = Tables(Store(path), agent_delay=0.0)
    _run_until(again, lambda: again.get(tid).over)


def test_a_stale_agent_mark_is_cleared_at_start(tmp_path):
    path = tmp_path / "t.sqlite3"
    first = Tables(Store(path))
    leader = Table("x", TableSetup(game="tindahan", seed=2)).view(None)["actors"]
    assert len(leader) == 1  # a trick game: one seat leads, and a person plays it
    agents = tuple(None if s == leader[0] else "random" for s in range(3))
    tid, _ = first.create(TableSetup(game="tindahan", seed=2, agents=agents))
    assert first.store.agent_turn_ids() == []
    first.store.set_agent_turn(tid, True)  # marked, as a crash or a migration may leave it
    first.store.close()
    again = Tables(Store(path), agent_delay=0.0)
    _run_until(again, lambda: not again.store.agent_turn_ids())
    assert again.ids() == [] and _stored_version(path, tid) == 0  # looked at, let go
