//! `motley serve`: the browser front end. A small HTTP server hands out
//! one page (embedded in the binary) and a JSON API; each browser game is
//! a [`Session`] with its own engine on the shared search runner, and the
//! engine's thinking reaches the page as server-sent events.
//!
//! The server binds to 127.0.0.1 unless told otherwise. It refuses any
//! request whose `Origin` is not its own page, and on a loopback address
//! any request whose `Host` is not a loopback name, so that a web page
//! elsewhere cannot drive the local engine. Bodies and the number of
//! games are bounded; a bad request gets a 4xx answer with a one-line
//! reason and leaves the game as it was.

pub mod session;
pub mod view;
pub mod war;

use std::collections::HashMap;
use std::convert::Infallible;
use std::hash::BuildHasher;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::Router;
use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, Path, Query, RawQuery, Request, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde::Deserialize;
use serde::de::DeserializeOwned;
use tokio::sync::broadcast::error::RecvError;

pub use session::{ApiError, GoRequest, Session, StateView};

use crate::engine::GameKind;

/// The most games served at once.
pub const MAX_GAMES: usize = 16;
/// A game nobody has used or watched for this long may be dropped to make
/// room for a new one.
pub const IDLE_GAME: Duration = Duration::from_secs(30 * 60);
/// The largest request body, in bytes.
pub const MAX_BODY: usize = 16 * 1024;

const INDEX_HTML: &str = include_str!("assets/index.html");
const APP_JS: &str = include_str!("assets/app.js");
const STYLE_CSS: &str = include_str!("assets/style.css");

/// Each browser game's hash memory by default, in MB: a quarter of a
/// protocol engine's, since up to [`MAX_GAMES`] games share one process.
pub const DEFAULT_GAME_HASH_MB: usize = 16;

/// Where the server listens, and what each game may hold.
#[derive(Clone, Debug)]
pub struct ServeConfig {
    /// The address to bind (default 127.0.0.1).
    pub host: String,
    /// The port (0: any free one).
    pub port: u16,
    /// Each game's hash memory in MB ([`DEFAULT_GAME_HASH_MB`] by
    /// default).
    pub hash_mb: usize,
}

/// The games being played, by id.
struct Games {
    games: Mutex<HashMap<String, Arc<Session>>>,
    counter: AtomicU64,
    ids: std::collections::hash_map::RandomState,
}

impl Games {
    fn find(&self, id: &str) -> Result<Arc<Session>, ApiError> {
        let games = self.games.lock().unwrap_or_else(|e| e.into_inner());
        let session = games.get(id).cloned().ok_or_else(|| {
            ApiError::not_found(format!("no game '{}': start a new one", short(id)))
        })?;
        session.touch();
        Ok(session)
    }

    /// Adds the game `make` makes from an id and a seed for its dice.
    fn add(
        &self,
        make: impl FnOnce(String, u64) -> Result<Session, ApiError>,
    ) -> Result<Arc<Session>, ApiError> {
        let n = self.counter.fetch_add(1, Ordering::SeqCst);
        let id = format!("{:016x}", self.ids.hash_one(n));
        let seed = self.ids.hash_one((n, "dice"));
        let session = Arc::new(make(id.clone(), seed)?);
        let mut games = self.games.lock().unwrap_or_else(|e| e.into_inner());
        if games.len() >= MAX_GAMES {
            let idle: Vec<String> = games
                .iter()
                .filter(|(_, s)| s.watchers() == 0 && s.idle_for() > IDLE_GAME)
                .map(|(id, _)| id.clone())
                .collect();
            for id in idle {
                if let Some(old) = games.remove(&id) {
                    std::thread::spawn(move || old.close());
                }
            }
        }
        if games.len() >= MAX_GAMES {
            return Err(ApiError {
                status: 503,
                message: format!("{MAX_GAMES} games are open already: close one"),
            });
        }
        games.insert(id, Arc::clone(&session));
        Ok(session)
    }

    fn remove(&self, id: &str) -> Result<Arc<Session>, ApiError> {
        let mut games = self.games.lock().unwrap_or_else(|e| e.into_inner());
        games
            .remove(id)
            .ok_or_else(|| ApiError::not_found(format!("no game '{}'", short(id))))
    }
}

/// At most 40 characters of a text, for error messages.
fn short(text: &str) -> String {
    text.chars().take(40).collect()
}

/// What every request handler shares.
struct App {
    games: Games,
    /// Whether the server listens on a loopback address only.
    loopback: bool,
    /// Each game's hash memory in MB.
    hash_mb: usize,
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let status = StatusCode::from_u16(self.status).unwrap_or(StatusCode::BAD_REQUEST);
        let body = serde_json::json!({ "error": self.message });
        (status, axum::Json(body)).into_response()
    }
}

/// Runs `work` (which may wait for a search to stop) off the server's
/// threads.
async fn blocking<T: Send + 'static>(
    work: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    tokio::task::spawn_blocking(work)
        .await
        .map_err(|_| ApiError {
            status: 500,
            message: "internal error".to_string(),
        })?
}

/// Reads a JSON body; an empty one reads as `{}`.
fn parse<T: DeserializeOwned>(body: &[u8]) -> Result<T, ApiError> {
    let text = std::str::from_utf8(body).map_err(|_| ApiError::bad("the body is not UTF-8"))?;
    let text = if text.trim().is_empty() { "{}" } else { text };
    serde_json::from_str(text).map_err(|e| ApiError::bad(format!("malformed request: {e}")))
}

/// `POST /api/games`: a new game.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NewGame {
    game: String,
    fen: Option<String>,
}

/// `POST .../move`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MoveRequest {
    #[serde(rename = "move")]
    wire: String,
}

/// `POST .../undo`.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct UndoRequest {
    plies: Option<usize>,
}

/// `POST .../position`.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct PositionRequest {
    fen: Option<String>,
    #[serde(default)]
    moves: Vec<String>,
}

/// `GET .../pgn?white=..&black=..`.
#[derive(Deserialize)]
struct PgnQuery {
    white: Option<String>,
    black: Option<String>,
}

async fn new_game(
    State(app): State<Arc<App>>,
    body: Bytes,
) -> Result<axum::Json<StateView>, ApiError> {
    let request: NewGame = parse(&body)?;
    let kind = request.game.parse::<GameKind>().map_err(ApiError::bad)?;
    let start = request.fen.filter(|f| !f.trim().is_empty());
    let state = blocking(move || {
        let session = app
            .games
            .add(|id, seed| Session::new(id, kind, start.as_deref(), seed, app.hash_mb))?;
        Ok(session.state())
    })
    .await?;
    Ok(axum::Json(state))
}

/// A game the page offers: its name for the API, and the name it shows.
#[derive(serde::Serialize)]
struct GameChoice {
    name: &'static str,
    label: &'static str,
}

/// The games the page offers, in the order it lists them: the built-in
/// games, then those loaded from files (the shipped file's and any
/// `--variants` file's).
async fn game_choices() -> axum::Json<Vec<GameChoice>> {
    let choices = GameKind::every().into_iter().map(|game| GameChoice {
        name: game.name(),
        label: game.display_name(),
    });
    axum::Json(choices.collect())
}

async fn get_game(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
) -> Result<axum::Json<StateView>, ApiError> {
    let session = app.games.find(&id)?;
    Ok(axum::Json(session.state()))
}

async fn delete_game(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
) -> Result<StatusCode, ApiError> {
    let session = app.games.remove(&id)?;
    blocking(move || {
        session.close();
        Ok(())
    })
    .await?;
    Ok(StatusCode::NO_CONTENT)
}

async fn play_move(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    body: Bytes,
) -> Result<axum::Json<StateView>, ApiError> {
    let request: MoveRequest = parse(&body)?;
    let session = app.games.find(&id)?;
    Ok(axum::Json(
        blocking(move || session.play(&request.wire)).await?,
    ))
}

async fn undo(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    body: Bytes,
) -> Result<axum::Json<StateView>, ApiError> {
    let request: UndoRequest = parse(&body)?;
    let session = app.games.find(&id)?;
    Ok(axum::Json(
        blocking(move || session.undo(request.plies.unwrap_or(1))).await?,
    ))
}

async fn set_position(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    body: Bytes,
) -> Result<axum::Json<StateView>, ApiError> {
    let request: PositionRequest = parse(&body)?;
    let session = app.games.find(&id)?;
    let fen = request.fen.filter(|f| !f.trim().is_empty());
    Ok(axum::Json(
        blocking(move || session.set_position(fen.as_deref(), &request.moves)).await?,
    ))
}

async fn go(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    body: Bytes,
) -> Result<axum::Json<StateView>, ApiError> {
    let request: GoRequest = parse(&body)?;
    let session = app.games.find(&id)?;
    Ok(axum::Json(blocking(move || session.go(&request)).await?))
}

async fn roll(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
) -> Result<axum::Json<StateView>, ApiError> {
    let session = app.games.find(&id)?;
    Ok(axum::Json(blocking(move || session.roll()).await?))
}

async fn stop(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
) -> Result<axum::Json<StateView>, ApiError> {
    let session = app.games.find(&id)?;
    Ok(axum::Json(blocking(move || Ok(session.stop())).await?))
}

async fn view_at(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    RawQuery(query): RawQuery,
) -> Result<axum::Json<serde_json::Value>, ApiError> {
    let session = app.games.find(&id)?;
    let ply = query
        .as_deref()
        .unwrap_or("")
        .split('&')
        .find_map(|pair| pair.strip_prefix("ply="))
        .ok_or_else(|| ApiError::bad("give the ply to view: view?ply=N"))?;
    let ply = ply.parse::<usize>().map_err(|_| {
        ApiError::bad(format!(
            "ply must be a number of moves, not '{}'",
            short(ply)
        ))
    })?;
    Ok(axum::Json(session.view_at(ply)?))
}

async fn pgn(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    Query(query): Query<PgnQuery>,
) -> Result<Response, ApiError> {
    let session = app.games.find(&id)?;
    let name = |n: Option<String>| n.map_or_else(|| "?".to_string(), |n| short(&n));
    let text = session.pgn(&name(query.white), &name(query.black));
    Ok((
        [
            (
                header::CONTENT_TYPE,
                "application/x-chess-pgn; charset=utf-8",
            ),
            (
                header::CONTENT_DISPOSITION,
                "attachment; filename=\"motley.pgn\"",
            ),
        ],
        text,
    )
        .into_response())
}

/// Counts a page as watching its session while its event stream lasts;
/// the last one to leave stops the search.
struct Watching(Arc<Session>);

impl Drop for Watching {
    fn drop(&mut self) {
        let session = Arc::clone(&self.0);
        // Stopping joins the search thread: not on the server's threads.
        std::thread::spawn(move || session.unsubscribe());
    }
}

async fn events(State(app): State<Arc<App>>, Path(id): Path<String>) -> Result<Response, ApiError> {
    let session = app.games.find(&id)?;
    let receiver = session.subscribe();
    let first = serde_json::json!({ "type": "state", "data": session.state() }).to_string();
    let watching = Watching(session);
    let stream = futures_util::stream::unfold(
        (receiver, watching, Some(first)),
        |(mut receiver, watching, first)| async move {
            if let Some(text) = first {
                let event = Event::default().data(text);
                return Some((Ok::<_, Infallible>(event), (receiver, watching, None)));
            }
            loop {
                match receiver.recv().await {
                    Ok(text) => {
                        let event = Event::default().data(text);
                        return Some((Ok(event), (receiver, watching, None)));
                    }
                    Err(RecvError::Lagged(_)) => continue,
                    Err(RecvError::Closed) => return None,
                }
            }
        },
    );
    Ok(Sse::new(stream)
        .keep_alive(KeepAlive::default())
        .into_response())
}

async fn not_found() -> ApiError {
    ApiError::not_found("no such page or API call")
}

fn asset(content_type: &'static str, body: &'static str) -> Response {
    ([(header::CONTENT_TYPE, content_type)], body).into_response()
}

/// Whether `host` (a `Host` header) names this machine's loopback.
fn is_loopback_host(host: &str) -> bool {
    let name = match host.rsplit_once(':') {
        Some((name, port)) if port.chars().all(|c| c.is_ascii_digit()) => name,
        _ => host,
    };
    matches!(name, "127.0.0.1" | "localhost" | "[::1]")
}

/// Refuses requests from other origins (and, on loopback, for other host
/// names), and adds the headers that keep the page from being framed.
async fn guard(State(app): State<Arc<App>>, request: Request, next: Next) -> Response {
    let headers = request.headers();
    let host = headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .unwrap_or("")
        .to_string();
    if app.loopback && !is_loopback_host(&host) {
        return ApiError {
            status: 403,
            message: "refused: the Host header names no loopback address".to_string(),
        }
        .into_response();
    }
    if let Some(origin) = headers.get(header::ORIGIN) {
        let own = format!("http://{host}");
        if origin.to_str().ok() != Some(own.as_str()) {
            return ApiError {
                status: 403,
                message: "refused: a request from another origin".to_string(),
            }
            .into_response();
        }
    }
    let mut response = next.run(request).await;
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static("default-src 'self'; frame-ancestors 'none'"),
    );
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

/// The server's routes.
fn router(app: Arc<App>) -> Router {
    Router::new()
        .route(
            "/",
            get(|| async { asset("text/html; charset=utf-8", INDEX_HTML) }),
        )
        .route(
            "/app.js",
            get(|| async { asset("text/javascript; charset=utf-8", APP_JS) }),
        )
        .route(
            "/style.css",
            get(|| async { asset("text/css; charset=utf-8", STYLE_CSS) }),
        )
        .route("/api/game-list", get(game_choices))
        .route("/api/games", post(new_game))
        .route("/api/games/{id}", get(get_game).delete(delete_game))
        .route("/api/games/{id}/move", post(play_move))
        .route("/api/games/{id}/undo", post(undo))
        .route("/api/games/{id}/position", post(set_position))
        .route("/api/games/{id}/go", post(go))
        .route("/api/games/{id}/stop", post(stop))
        .route("/api/games/{id}/roll", post(roll))
        .route("/api/games/{id}/view", get(view_at))
        .route("/api/games/{id}/pgn", get(pgn))
        .route("/api/games/{id}/events", get(events))
        .fallback(not_found)
        .layer(middleware::from_fn_with_state(Arc::clone(&app), guard))
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .with_state(app)
}

/// A server bound to its address, not yet serving.
pub struct Server {
    listener: tokio::net::TcpListener,
    runtime: tokio::runtime::Runtime,
    app: Arc<App>,
}

/// Why the server could not start or stopped.
#[derive(Debug)]
pub enum ServeError {
    /// Its threads could not be started.
    Runtime(std::io::Error),
    /// The address could not be listened on.
    Listen {
        /// The address, as it was bound.
        address: String,
        /// Why not.
        error: std::io::Error,
    },
    /// The listening socket has no address.
    Address(std::io::Error),
    /// Serving ended with an error.
    Stopped(std::io::Error),
}

impl std::fmt::Display for ServeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ServeError::Runtime(e) => write!(f, "cannot start the server: {e}"),
            ServeError::Listen { address, error } => {
                write!(f, "cannot listen on {address}: {error}")
            }
            ServeError::Address(e) => e.fmt(f),
            ServeError::Stopped(e) => write!(f, "the server stopped: {e}"),
        }
    }
}

impl std::error::Error for ServeError {}

impl Server {
    /// Binds to `config`'s address.
    pub fn bind(config: &ServeConfig) -> Result<Server, ServeError> {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .map_err(ServeError::Runtime)?;
        let host = config.host.trim_start_matches('[').trim_end_matches(']');
        let address = format!("{}:{}", host_for_bind(host), config.port);
        let listener = runtime
            .block_on(tokio::net::TcpListener::bind(&address))
            .map_err(|error| ServeError::Listen {
                address: address.clone(),
                error,
            })?;
        let loopback = listener.local_addr().is_ok_and(|a| a.ip().is_loopback());
        let app = Arc::new(App {
            games: Games {
                games: Mutex::new(HashMap::new()),
                counter: AtomicU64::new(1),
                ids: std::collections::hash_map::RandomState::new(),
            },
            loopback,
            hash_mb: config.hash_mb,
        });
        Ok(Server {
            listener,
            runtime,
            app,
        })
    }

    /// The address the server listens on.
    pub fn address(&self) -> Result<SocketAddr, ServeError> {
        self.listener.local_addr().map_err(ServeError::Address)
    }

    /// Serves until the process ends.
    pub fn run(self) -> Result<(), ServeError> {
        let Server {
            listener,
            runtime,
            app,
        } = self;
        runtime
            .block_on(async move { axum::serve(listener, router(app)).await })
            .map_err(ServeError::Stopped)
    }
}

/// IPv6 addresses are bound bare and named in brackets.
fn host_for_bind(host: &str) -> String {
    if host.contains(':') {
        format!("[{host}]")
    } else {
        host.to_string()
    }
}

/// `motley serve`: binds, prints the page's address and serves.
pub fn serve(config: &ServeConfig) -> Result<(), ServeError> {
    let server = Server::bind(config)?;
    let address = server.address()?;
    println!("motley serve: open http://{address}/ in a browser (Ctrl-C ends)");
    server.run()
}
