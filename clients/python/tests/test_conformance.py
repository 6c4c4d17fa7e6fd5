from __future__ import annotations

import pytest

from conformance import ScenarioFailure, match, replay


def test_scenario_replays_against_a_fresh_server(server: str) -> None:
    assert replay(server) >= 40


def test_matcher_is_strict_where_the_format_says() -> None:
    match({"seq": "2", "move": None}, {"seq": "2", "other": 1})
    match({"cells": {"$contains": [{"piece": "HIT"}]}}, {"cells": [{}, {"piece": "HIT", "owner": 2}]})
    match({"$excludes": "SHIP", "w": 5}, {"w": 5, "cells": [{"piece": "HIT"}]})
    for expected, actual in [
        ({"seq": "2"}, {"seq": 2}),
        ({"move": None}, {"move": {}}),
        ({"to": [1]}, {"to": [1, 2]}),
        ({"$excludes": "SHIP"}, {"cells": [{"piece": "SHIP"}]}),
        ({"c": {"$contains": [{"p": "X"}]}}, {"c": [{"p": "Y"}]}),
    ]:
        with pytest.raises(ScenarioFailure):
            match(expected, actual)
