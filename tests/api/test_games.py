def test_healthz(client):
    assert client.get("/healthz").get_json() == {"status": "ok", "following": 0}


def test_games_list_modes_and_player_counts(client):
    games = {g["slug"]: g for g in client.get("/api/v1/games").get_json()["games"]}
    modes = {m["slug"]: m["players"] for m in games["tdt"]["modes"]}
    assert modes == {"cutthroat": {"min": 4, "max": 7}, "syndicate": {"min": 1, "max": 6},
                     "mayhem": {"min": 2, "max": 6}}


def test_game_links_resolve(client):
    game = client.get("/api/v1/games/tdt").get_json()
    links = game["links"]
    assert {"rules", "setup", "scoring", "calculators"} <= set(links)
    assert client.get(links["rules"]).status_code == 200
    for url in links["calculators"].values():
        assert client.get(url).status_code == 200  # GET describes the calculator


def test_read_only_answers_are_cacheable(client):
    first = client.get("/api/v1/games/tdt/rules/fund-deployment")
    assert first.headers["ETag"] and "max-age" in first.headers["Cache-Control"]
    again = client.get("/api/v1/games/tdt/rules/fund-deployment",
                       headers={"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304
