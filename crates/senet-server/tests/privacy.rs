//! Private means private: a private room's games and games against the
//! computer are listed to their players only, their room codes are never
//! shown to anyone else, and fetched by id they are a 404 to strangers —
//! with no token or with another player's.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

mod common;

use common::{Client, TestApp, spawn_app};
use serde_json::{Value, json};

/// A started room's game: its code, id and both players' sockets.
struct Played {
    code: String,
    game_id: String,
    first: Client,
    second: Client,
}

/// `owner` creates a room (`public` or not) and `joiner` takes the other
/// seat, so the game is being played.
async fn played_room(app: &TestApp, owner: &str, joiner: &str, public: bool) -> Played {
    let room = app.room(owner, "cone", public).await;
    let code = room["code"].as_str().unwrap().to_owned();
    let (mut first, _) = app.connect(&code, Some(owner)).await;
    let (second, snapshot) = app.connect(&code, Some(joiner)).await;
    assert_eq!(snapshot["phase"]["kind"], "to_throw");
    first.recv_type("snapshot").await;
    Played {
        code,
        game_id: room["game_id"].as_str().unwrap().to_owned(),
        first,
        second,
    }
}

/// GET with an optional token; the status and the whole body text.
async fn get(app: &TestApp, path: &str, token: Option<&str>) -> (u16, Value, String) {
    let r = app.http("GET", path, token, None).await;
    (r.status, r.body, r.text)
}

/// The game ids of a list.
fn ids(body: &Value) -> Vec<String> {
    let mut ids: Vec<String> = body["games"]
        .as_array()
        .unwrap_or_else(|| panic!("a list: {body}"))
        .iter()
        .map(|g| g["game_id"].as_str().unwrap().to_owned())
        .collect();
    ids.sort();
    ids
}

fn sorted(ids: &[&str]) -> Vec<String> {
    let mut ids: Vec<String> = ids.iter().map(|s| (*s).to_owned()).collect();
    ids.sort();
    ids
}

/// Resigns for `who` and waits until `other` hears the game is over.
async fn resign(who: &mut Client, other: &mut Client) {
    who.send(json!({ "v": 1, "type": "resign" })).await;
    other.recv_type("game_over").await;
    who.recv_type("game_over").await;
}

#[tokio::test]
async fn private_and_computer_games_are_shown_to_their_players_only() {
    let app = spawn_app().await;
    let (nef_id, nef) = app.player("Nefertari").await;
    let (akh_id, akh) = app.player("Akhenaten").await;
    let (_, stranger) = app.player("Stranger").await;
    let (_, hat) = app.player("Hatshepsut").await;
    let (_, thut) = app.player("Thutmose").await;

    let mut public = played_room(&app, &hat, &thut, true).await;
    let mut private = played_room(&app, &nef, &akh, false).await;
    let computer_room = app
        .http(
            "POST",
            "/api/rooms",
            Some(&nef),
            Some(r#"{"side":"cone","opponent":{"computer":"beginner"}}"#),
        )
        .await;
    assert_eq!(computer_room.status, 201, "{}", computer_room.text);
    let computer_code = computer_room.body["code"].as_str().unwrap().to_owned();
    let computer_id = computer_room.body["game_id"].as_str().unwrap().to_owned();
    let (mut nef_vs_computer, _) = app.connect(&computer_code, Some(&nef)).await;
    let secret_codes = [private.code.clone(), computer_code.clone()];
    let strangers = [None, Some(stranger.as_str())];

    // Games in progress: the public one for everyone, the private ones
    // for their players only.
    for path in ["/api/games/live", "/api/games?status=playing"] {
        for who in strangers {
            let (status, body, text) = get(&app, path, who).await;
            assert_eq!(status, 200, "{text}");
            assert_eq!(ids(&body), sorted(&[&public.game_id]), "{path} as {who:?}");
            for code in &secret_codes {
                assert!(!text.contains(code.as_str()), "{path} shows {code}: {text}");
            }
        }
        let (_, body, text) = get(&app, path, Some(&nef)).await;
        assert_eq!(
            ids(&body),
            sorted(&[&public.game_id, &private.game_id, &computer_id])
        );
        assert!(text.contains(private.code.as_str()) && text.contains(computer_code.as_str()));
        let (_, body, _) = get(&app, path, Some(&akh)).await;
        assert_eq!(ids(&body), sorted(&[&public.game_id, &private.game_id]));
    }

    // Every game ends: finished games follow the same rule.
    resign(&mut public.second, &mut public.first).await;
    resign(&mut private.second, &mut private.first).await;
    nef_vs_computer
        .send(json!({ "v": 1, "type": "resign" }))
        .await;
    nef_vs_computer.recv_type("game_over").await;

    let everyone = format!("/api/games?player={nef_id}");
    for who in strangers {
        let (status, body, text) = get(&app, "/api/games", who).await;
        assert_eq!(status, 200, "{text}");
        assert_eq!(ids(&body), sorted(&[&public.game_id]), "as {who:?}");
        for code in &secret_codes {
            assert!(
                !text.contains(code.as_str()),
                "the list shows {code}: {text}"
            );
        }
        let (_, body, _) = get(&app, &everyone, who).await;
        assert_eq!(ids(&body), Vec::<String>::new(), "her games, as {who:?}");
        // Totals count only what the asker can see.
        let (_, totals, _) = get(&app, &format!("/api/players/{nef_id}/totals"), who).await;
        assert_eq!(
            (&totals["games"], &totals["wins"], &totals["losses"]),
            (&json!(0), &json!(0), &json!(0)),
            "{totals}"
        );
    }
    let (_, body, _) = get(&app, "/api/games", Some(&nef)).await;
    assert_eq!(
        ids(&body),
        sorted(&[&public.game_id, &private.game_id, &computer_id])
    );
    let (_, body, _) = get(&app, &everyone, Some(&nef)).await;
    assert_eq!(ids(&body), sorted(&[&private.game_id, &computer_id]));
    let (_, body, _) = get(&app, &everyone, Some(&akh)).await;
    assert_eq!(ids(&body), sorted(&[&private.game_id]));
    let (_, totals, _) = get(&app, &format!("/api/players/{nef_id}/totals"), Some(&nef)).await;
    assert_eq!(
        (&totals["games"], &totals["wins"], &totals["losses"]),
        (&json!(2), &json!(1), &json!(1)),
        "{totals}"
    );
    let (_, totals, _) = get(&app, &format!("/api/players/{akh_id}/totals"), Some(&akh)).await;
    assert_eq!(
        (&totals["games"], &totals["losses"]),
        (&json!(1), &json!(1))
    );

    // By id: a 404 exactly like an unknown game for a stranger; the game
    // for its players; public games for anyone.
    let unknown = get(&app, &format!("/api/games/{}", uuid::Uuid::new_v4()), None).await;
    assert_eq!(unknown.0, 404);
    for id in [&private.game_id, &computer_id] {
        for suffix in ["", "/record.txt", "/record.json"] {
            let path = format!("/api/games/{id}{suffix}");
            for who in strangers {
                let (status, body, text) = get(&app, &path, who).await;
                assert_eq!(status, 404, "{path} as {who:?}: {text}");
                assert_eq!(body["error"]["code"], "game_not_found", "{text}");
                assert_eq!(body["error"]["code"], unknown.1["error"]["code"]);
            }
            let (status, _, text) = get(&app, &path, Some(&nef)).await;
            assert_eq!(status, 200, "{path}: {text}");
        }
    }
    let (status, game, _) = get(&app, &format!("/api/games/{}", private.game_id), Some(&akh)).await;
    assert_eq!((status, &game["room_code"]), (200, &json!(private.code)));
    let (status, _, _) = get(&app, &format!("/api/games/{}", public.game_id), None).await;
    assert_eq!(status, 200);

    // A wrong token is refused rather than read as a stranger's.
    let (status, body, _) = get(&app, "/api/games/live", Some("nobody.secret")).await;
    assert_eq!(
        (status, &body["error"]["code"]),
        (401, &json!("invalid_token"))
    );
    app.stop().await;
}

#[tokio::test]
async fn the_lobby_lists_public_rooms_only() {
    let app = spawn_app().await;
    let (_, nef) = app.player("Nefertari").await;
    let (_, stranger) = app.player("Stranger").await;
    let open = app.room(&nef, "cone", true).await;
    let hidden = app.room(&nef, "cone", false).await;
    let computer = app
        .http(
            "POST",
            "/api/rooms",
            Some(&nef),
            Some(r#"{"public":true,"computer_level":"beginner"}"#),
        )
        .await;
    assert_eq!(computer.body["public"], false, "{}", computer.text);
    // Each with its creator there (the lobby lists no room whose creator
    // has left).
    let mut here = Vec::new();
    for room in [&open, &hidden, &computer.body] {
        here.push(
            app.connect_v2(room["code"].as_str().unwrap(), Some(&nef))
                .await,
        );
    }
    for who in [None, Some(stranger.as_str()), Some(nef.as_str())] {
        let (status, body, text) = get(&app, "/api/lobby", who).await;
        assert_eq!(status, 200);
        let codes: Vec<&str> = body["rooms"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r["code"].as_str().unwrap())
            .collect();
        assert_eq!(codes, vec![open["code"].as_str().unwrap()]);
        assert!(!text.contains(hidden["code"].as_str().unwrap()));
        assert!(!text.contains(computer.body["code"].as_str().unwrap()));
    }
    app.stop().await;
}
