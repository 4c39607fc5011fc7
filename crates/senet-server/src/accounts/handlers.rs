//! The account endpoints (see the module's list).

use axum::Json;
use axum::body::Bytes;
use axum::extract::{Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum_extra::extract::cookie::CookieJar;
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use super::Accounts;
use super::cookie::{session_cookie, with_session, without_session};
use super::limits::ClientAddress;
use super::password::validate_password;
use crate::error::{AppError, parse_json};
use crate::players::username::{UsernameKey, validate_username};
use crate::players::{
    Authenticated, Ended, Fingerprint, Revocation, SignedIn, Token, Viewer,
    authenticate_credential, bearer_token,
};
use crate::store::{NewAccount, SignUp, Store};

#[derive(Deserialize)]
struct Credentials {
    username: String,
    password: String,
}

#[derive(Deserialize)]
struct PasswordChange {
    current_password: String,
    new_password: String,
}

#[derive(Deserialize)]
pub(super) struct LogOutQuery {
    #[serde(default)]
    everywhere: bool,
}

/// An account, as its owner sees it.
#[derive(Serialize)]
struct AccountView {
    player_id: Uuid,
    username: String,
    display_name: String,
}

/// A login: the account and its new token.
#[derive(Serialize)]
struct Session {
    player_id: Uuid,
    username: String,
    display_name: String,
    /// A player token of the usual format; shown once.
    token: String,
}

/// Who a token names (`GET /api/me`).
#[derive(Serialize)]
pub(super) struct Me {
    player_id: Uuid,
    display_name: String,
    /// `null` for an anonymous player.
    username: Option<String>,
}

fn wrong_credentials() -> AppError {
    AppError::Unauthorized(
        "wrong_credentials",
        "the username or the password is wrong".to_owned(),
    )
}

fn missing_token() -> AppError {
    AppError::Unauthorized(
        "missing_token",
        "send the player token as `Authorization: Bearer <token>`".to_owned(),
    )
}

fn no_account() -> AppError {
    AppError::Conflict(
        "no_account",
        "this player has no account: sign up first (POST /api/accounts)".to_owned(),
    )
}

/// The caller named by the `Authorization` header: endpoints that change
/// something read the header only, never the cookie, so another site
/// cannot make a browser call them.
async fn caller(store: &Store, headers: &HeaderMap) -> Result<(Authenticated, String), AppError> {
    let Some(token) = bearer_token(headers) else {
        return Err(missing_token());
    };
    match authenticate_credential(store, token).await? {
        Some(found) => Ok((found, token.to_owned())),
        None => Err(AppError::Unauthorized(
            "invalid_token",
            "the player token is not valid".to_owned(),
        )),
    }
}

/// `POST /api/accounts {username, password}` with the player's token: the
/// player becomes an account, keeping its id, its games and its token.
pub(super) async fn sign_up(
    State(store): State<Store>,
    State(accounts): State<Accounts>,
    ClientAddress(address): ClientAddress,
    headers: HeaderMap,
    jar: CookieJar,
    body: Bytes,
) -> Result<Response, AppError> {
    let (found, token) = caller(&store, &headers).await?;
    let request: Credentials = parse_json(&body)?;
    let username = validate_username(&request.username)
        .map_err(|why| AppError::BadRequest("invalid_username", why.to_owned()))?;
    validate_password(&request.password)
        .map_err(|why| AppError::BadRequest("invalid_password", why.to_owned()))?;
    accounts.limits.sign_up(address)?;
    let password_hash = accounts.passwords.hash(request.password).await?;
    let player_id = found.identity.id;
    let outcome = store
        .create_account(&NewAccount {
            player_id,
            username: &username.name,
            username_key: &username.key.0,
            password_hash: &password_hash,
        })
        .await?;
    match outcome {
        SignUp::Created => {
            tracing::info!(%player_id, "account created");
            let view = AccountView {
                player_id,
                username: username.name,
                display_name: found.identity.display_name,
            };
            let jar = with_session(jar, token, accounts.secure_cookie);
            Ok((StatusCode::CREATED, jar, Json(view)).into_response())
        }
        SignUp::UsernameTaken => Err(AppError::Conflict(
            "username_taken",
            "this username, or one that looks like it, is taken".to_owned(),
        )),
        SignUp::AlreadyAccount => Err(AppError::Conflict(
            "already_registered",
            "this player has an account already".to_owned(),
        )),
    }
}

/// `POST /api/sessions {username, password}` → a new token for the account
/// and the session cookie. A wrong username and a wrong password get the
/// same answer after the same work (one Argon2 verification).
pub(super) async fn log_in(
    State(store): State<Store>,
    State(accounts): State<Accounts>,
    ClientAddress(address): ClientAddress,
    jar: CookieJar,
    body: Bytes,
) -> Result<Response, AppError> {
    let request: Credentials = parse_json(&body)?;
    let key = UsernameKey::of(&request.username);
    accounts.limits.login(address, &key.0)?;
    let account = store.account_by_key(&key.0).await?;
    let matches = accounts
        .passwords
        .verify(
            request.password,
            account.as_ref().map(|row| row.password_hash.clone()),
        )
        .await?;
    let Some(account) = account.filter(|_| matches) else {
        return Err(wrong_credentials());
    };
    let token = Token::generate(account.player_id)?;
    store.add_session(account.player_id, &token.hash).await?;
    tracing::info!(player_id = %account.player_id, "logged in");
    let jar = with_session(jar, token.token.clone(), accounts.secure_cookie);
    let session = Session {
        player_id: account.player_id,
        username: account.username,
        display_name: account.display_name,
        token: token.token,
    };
    Ok((StatusCode::CREATED, jar, Json(session)).into_response())
}

/// `DELETE /api/sessions[?everywhere=true]`, with the token in the header
/// or the cookie: that token stops working (every token of the player,
/// everywhere), and the cookie is cleared. An anonymous player cannot log
/// out: with no password, it could never come back.
pub(super) async fn log_out(
    State(store): State<Store>,
    State(signed_in): State<SignedIn>,
    Query(query): Query<LogOutQuery>,
    headers: HeaderMap,
    jar: CookieJar,
) -> Result<Response, AppError> {
    let found = match bearer_token(&headers) {
        Some(_) => Some(caller(&store, &headers).await?.0),
        None => match session_cookie(&headers) {
            // A cookie that no longer works is logged out already.
            Some(token) => authenticate_credential(&store, &token).await?,
            None => return Err(missing_token()),
        },
    };
    let Some(found) = found else {
        return Ok((StatusCode::NO_CONTENT, without_session(jar)).into_response());
    };
    let player_id = found.identity.id;
    if store.account_of(player_id).await?.is_none() {
        return Err(no_account());
    }
    let unusable = Token::generate(player_id)?.hash;
    let ended = if query.everywhere {
        store.revoke_all(player_id, None, &unusable, None).await?;
        Ended::AllBut { kept: None }
    } else {
        store
            .revoke(player_id, found.credential, &found.secret_hash, &unusable)
            .await?;
        Ended::One {
            credential: Fingerprint::of(&found.secret_hash),
        }
    };
    // Committed: the sockets opened with what it ended close now.
    let closed = signed_in.revoke(Revocation {
        player: player_id,
        ended,
    });
    tracing::info!(%player_id, everywhere = query.everywhere, closed, "logged out");
    Ok((StatusCode::NO_CONTENT, without_session(jar)).into_response())
}

/// `POST /api/accounts/password {current_password, new_password}`: the
/// token used keeps working; every other token of the player is revoked.
pub(super) async fn change_password(
    State(store): State<Store>,
    State(signed_in): State<SignedIn>,
    State(accounts): State<Accounts>,
    ClientAddress(address): ClientAddress,
    headers: HeaderMap,
    body: Bytes,
) -> Result<StatusCode, AppError> {
    let (found, _) = caller(&store, &headers).await?;
    let request: PasswordChange = parse_json(&body)?;
    let player_id = found.identity.id;
    let Some(account) = store.account_of(player_id).await? else {
        return Err(no_account());
    };
    validate_password(&request.new_password)
        .map_err(|why| AppError::BadRequest("invalid_password", why.to_owned()))?;
    accounts
        .limits
        .login(address, &UsernameKey::of(&account.username).0)?;
    let matches = accounts
        .passwords
        .verify(request.current_password, Some(account.password_hash))
        .await?;
    if !matches {
        return Err(wrong_credentials());
    }
    let new_hash = accounts.passwords.hash(request.new_password).await?;
    let unusable = Token::generate(player_id)?.hash;
    store
        .revoke_all(
            player_id,
            Some((found.credential, &found.secret_hash)),
            &unusable,
            Some(&new_hash),
        )
        .await?;
    let closed = signed_in.revoke(Revocation {
        player: player_id,
        ended: Ended::AllBut {
            kept: Some(Fingerprint::of(&found.secret_hash)),
        },
    });
    tracing::info!(%player_id, closed, "password changed");
    Ok(StatusCode::NO_CONTENT)
}

/// `GET /api/me`: the player the token (or the session cookie) names.
pub(super) async fn me(State(store): State<Store>, viewer: Viewer) -> Result<Json<Me>, AppError> {
    let Some(identity) = viewer.0 else {
        return Err(AppError::Unauthorized(
            "missing_token",
            "send the player token as `Authorization: Bearer <token>`, or log in".to_owned(),
        ));
    };
    let username = store.account_of(identity.id).await?.map(|row| row.username);
    Ok(Json(Me {
        player_id: identity.id,
        display_name: identity.display_name,
        username,
    }))
}
