# Senet Online — español. Tiene exactamente los mensajes y atributos de
# en.ftl (lo comprueban test/unit/i18n.test.js y las pruebas del servidor).
#
# Glosario: piece = ficha (f.), pawn = peón (m.), throw = tirada / tirar,
# sticks = palillos, die = dado, square = casilla, board = tablero,
# bear off = sacar del tablero, capture = capturar, swap = intercambiar,
# room = sala, rematch = revancha, spectator = espectador, seat = puesto,
# rule set = variante, computer = computadora, rating = puntuación,
# leaderboard = clasificación, account = cuenta. Se tutea al jugador.

## La página alrededor de cada vista (index.html, que dibuja el servidor)

page-title = Senet Online
page-description =
    .content = Juega al senet, el juego de carreras del antiguo Egipto, con un amigo en tu navegador.
page-skip = Saltar al juego
page-brand =
    .aria-label = Senet Online, inicio
page-nav =
    .aria-label = Páginas
nav-rules = Reglas
nav-games = Partidas
nav-leaderboard = Clasificaciones
nav-account = Cuenta
page-language = Idioma
page-loading = Cargando…
page-noscript = Senet Online necesita JavaScript para jugar.
page-footer = Seis variantes, de dos a cuatro jugadores. El servidor hace cada tirada (palillos y dados); nadie puede ver una tirada de antemano.
dialog-sure = ¿Seguro?
dialog-cancel = Cancelar
dialog-yes = Sí
page-not-found = Página no encontrada
page-not-found-home = Ir a la página de inicio
