//! The lobby (`GET /api/games`): filtered by status and variant, paged, the players' moves
//! counted apart from the dice's rolls, and unfinished games nobody moved in left out.

mod common;

use common::{Backend, TestServer, backends};
use serde_json::{Value, json};
use server::contract::Status;
use server::store::{LobbyQuery, Store};

fn ids(lobby: &Value) -> Vec<&str> {
    lobby
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["id"].as_str().unwrap())
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_lobby_filters_pages_counts_moves_and_drops_unplayed_games() {
    for backend in backends().await {
        let s = TestServer::start(&backend).await;
        let local = |variant: &str| json!({"variant": variant, "opponent": "local", "seed": 3});
        let chess = s.create(local("chess")).await;
        let chess_id = chess["id"].as_str().unwrap();
        s.turn(chess_id, chess["seats"]["white"].as_str().unwrap(), "e2e4")
            .await;
        let pause = || tokio::time::sleep(std::time::Duration::from_millis(20));
        pause().await;
        let behemoth = s.create(local("behemoth")).await;
        let behemoth_id = behemoth["id"].as_str().unwrap();
        s.turn(
            behemoth_id,
            behemoth["seats"]["white"].as_str().unwrap(),
            "e2e4",
        )
        .await;
        pause().await;
        let unplayed = s.create(local("chess")).await;
        let unplayed_id = unplayed["id"].as_str().unwrap();

        let (status, lobby) = s.get("/api/games?variant=behemoth").await;
        assert_eq!(status, 200, "{lobby}");
        assert_eq!(ids(&lobby), [behemoth_id]);
        assert_eq!(
            (&lobby[0]["ply"], &lobby[0]["moves"]),
            (&json!(2), &json!(1)),
            "a move and its roll are one move"
        );

        let (_, newest) = s.get("/api/games?status=playing&limit=2").await;
        let (_, older) = s.get("/api/games?status=playing&limit=2&offset=2").await;
        let mut all = ids(&newest);
        all.extend(ids(&older));
        assert_eq!(all, [unplayed_id, behemoth_id, chess_id]);

        let (status, _) = s.get("/api/games?variant=nonesuch").await;
        assert_eq!(status, 400);
        let (status, _) = s.get("/api/games?offset=-1").await;
        assert_eq!(status, 400);

        // once the game nobody moved in is old enough, it leaves the lobby
        let store = Store::open(&backend.url()).await.unwrap();
        let query = |abandoned_before| LobbyQuery {
            status: Some(Status::Playing),
            variant: None,
            abandoned_before,
            limit: 50,
            offset: 0,
        };
        let listed = |games: Vec<server::store::Summary>| {
            games.into_iter().map(|g| g.row.id).collect::<Vec<_>>()
        };
        let now = server::clock::now_ms();
        assert_eq!(
            listed(store.list(&query(now - 60_000)).await.unwrap()).len(),
            3
        );
        assert_eq!(
            listed(store.list(&query(now + 60_000)).await.unwrap()),
            [behemoth_id, chess_id]
        );
        drop(store);
        s.stop().await;
        Backend::drop_data(&backend).await;
    }
}
