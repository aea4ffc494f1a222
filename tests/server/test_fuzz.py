"""Fuzz the API from its own OpenAPI schema: whatever a client sends, never a 5xx.

Valid and invalid requests alike (both generation modes); half the cases aim at a real
table, with a real seat's token, so the fuzzer reaches past the 404s.
"""
from __future__ import annotations

import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error

from engine.server import create_app
from engine.core.table import TableSetup

app = create_app(None, agent_delay=0.0)
TABLE, TOKENS = app.state.tables.create(TableSetup(game="bastos", seed=1))
schema = schemathesis.openapi.from_asgi("/openapi.json", app)
schema.config.generation.update(modes=[GenerationMode.POSITIVE, GenerationMode.NEGATIVE],
                                deterministic=True)


@schema.parametrize()
@settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
def test_no_request_makes_the_server_fail(case):
    if case.path_parameters and "table_id" in case.path_parameters and \
            len(repr(case.body)) % 2 == 0:
        case.path_parameters["table_id"] = TABLE
        case.headers = {**(case.headers or {}), "Authorization": f"Bearer {TOKENS[0]}"}
    case.call_and_validate(checks=[not_a_server_error])
