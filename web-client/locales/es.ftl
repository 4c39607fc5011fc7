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

## Las variantes y sus casillas especiales, tal como las nombra el motor (senet_engine::RuleSetId::description):
## rule-set-<id> y su .summary; square-<id>-<número> y su .effect; colour-<nombre>.

rule-set-kendall = Senet clásico (Kendall)
    .summary = El juego clásico para dos, con cinco fichas cada uno y cuatro palillos. Todas las fichas deben detenerse en la Casa de la Felicidad (casilla 26) por el camino, y en las últimas casillas hace falta una tirada exacta para salir del tablero.
rule-set-kendall-7 = Senet clásico, siete fichas
    .summary = El juego clásico con siete fichas cada uno. Primero los dos jugadores tiran hasta que uno saca un 1, y eso decide los colores; las casillas 15, 26, 28 y 29 protegen a la ficha que está en ellas.
rule-set-jequier = Senet de Jéquier
    .summary = Un juego prudente para dos en el que se saca 1, 2, 3, 4 o 6. Tres fichas seguidas forman un muro que nadie puede pasar, una ficha que no puede avanzar tiene que retroceder, y el encuentro se puntúa a lo largo de varias partidas.
rule-set-simple = Senet rápido
    .summary = Un juego más ligero para dos: se cuentan los lados oscuros de los palillos, y si no sale ninguno oscuro vale 6. Las fichas nunca tienen que detenerse por el camino y nunca retroceden.
rule-set-peril = Senda del Peligro
    .summary = Un juego rápido y festivo para dos con un dado. Mete tus peones en el tablero, supera las trampas de las cinco últimas casillas y gana en cuanto uno solo de tus peones consiga salir.
rule-set-modern = Senet para 2 a 4 jugadores
    .summary = Para dos a cuatro jugadores con dos dados: mueve una ficha la suma de ambos o dos fichas, un dado cada una. Al salir del tablero, cada ficha suma los puntos que lleva marcados, y la partida termina cuando alguien ha sacado tres fichas.

square-kendall-15 = Casa del Renacimiento
    .effect = Aquí llega la ficha que cae en la Casa del Agua.
square-kendall-26 = Casa de la Felicidad
    .effect = Parada obligatoria: ningún movimiento puede saltar de antes de la 26 a más allá de la 26.
square-kendall-27 = Casa del Agua
    .effect = La ficha que cae aquí va enseguida a la 15 o, si la 15 está ocupada, a la casilla libre más alta por debajo de la 15; ninguna ficha se queda aquí.
square-kendall-28 = Casa de las Tres Verdades
    .effect = Protegida; desde aquí se sale del tablero con un 3 exacto.
square-kendall-29 = Casa de Re-Atum
    .effect = Protegida; desde aquí se sale del tablero con un 2 exacto.
square-kendall-30 = Casa de Horus
    .effect = Desde aquí se sale del tablero con un 1 exacto; por sí sola no protege.
square-kendall-7-15 = Casa del Renacimiento
    .effect = Casa segura: una ficha que está aquí no puede ser capturada. El 1 de la apertura trae aquí la ficha de Carrete desde la 14, y la Casa del Agua envía aquí las fichas.
square-kendall-7-26 = Casa de la Felicidad
    .effect = Casa segura; parada obligatoria: ningún movimiento puede saltar de antes de la 26 a más allá de la 26.
square-kendall-7-27 = Casa del Agua
    .effect = La ficha que cae aquí va enseguida a la 15 o, si la 15 está ocupada, a la casilla libre más alta por debajo de la 15; ninguna ficha se queda aquí.
square-kendall-7-28 = Casa de las Tres Verdades
    .effect = Casa segura; desde aquí se sale del tablero con un 3 exacto.
square-kendall-7-29 = Casa de Re-Atum
    .effect = Casa segura; desde aquí se sale del tablero con un 2 exacto.
square-kendall-7-30 = Casa de Horus
    .effect = Desde aquí se sale del tablero con un 1 exacto; por sí sola no protege.
square-jequier-26 = Refugio
    .effect = Casilla protegida: nadie puede caer sobre una ficha que esté aquí.
square-jequier-27 = Casa del Agua
    .effect = La ficha que cae aquí, sea como sea, vuelve a la casilla 1, o a la casilla libre más baja si la 1 está ocupada, y empieza de nuevo.
square-jequier-28 = Refugio
    .effect = Casilla protegida: nadie puede caer sobre una ficha que esté aquí.
square-jequier-29 = Refugio
    .effect = Casilla protegida: nadie puede caer sobre una ficha que esté aquí.
square-jequier-30 = Refugio
    .effect = Casilla protegida. La ficha que cae aquí sale del tablero cuando todas las fichas de su bando están en la fila 3 (21-30); hasta entonces espera aquí, y después sale con cualquier tirada.
square-simple-26 = Casilla segura
    .effect = Una ficha que está aquí queda defendida: no puede ser capturada.
square-simple-27 = Agua
    .effect = La ficha que cae aquí vuelve a la 15 o, si la 15 está ocupada, a la casilla libre más cercana por debajo.
square-simple-28 = Casilla segura
    .effect = Defendida; desde aquí una ficha solo sale del tablero con un 3 exacto.
square-simple-29 = Casilla segura
    .effect = Defendida; desde aquí una ficha solo sale del tablero con un 2 exacto.
square-peril-15 = Anj del Renacimiento
    .effect = El jugador pone un peón de su reserva en la casilla libre que elija entre la 1, la 2 y la 3, si hay alguna.
square-peril-26 = Percha del Buitre
    .effect = Se tira el dado: con 1-4 el jugador retira del juego uno de sus propios peones; con 5-6, uno del rival.
square-peril-27 = Río del Olvido
    .effect = Todos los peones del tablero son arrastrados hacia atrás, empezando por la 30, cada uno según una tirada a la 1, la 2 o la 3, o a su reserva si las tres están ocupadas.
square-peril-28 = Prueba de los Tres Dioses
    .effect = Se tira el dado: un 3 gana al instante; si no, el peón va a la casilla del número que ha salido y captura al peón rival que haya allí.
square-peril-29 = Ojo del Juicio
    .effect = El peón queda fuera del juego.
square-peril-30 = Puertas de Aaru
    .effect = Un peón que espera aquí gana con un 6 al principio de un turno posterior de su jugador; mientras espera, puede ser capturado.
square-modern-1 = Sol
    .effect = La salida, adonde vuelven las fichas capturadas; si ya hay una ficha en el Sol, esa ficha sale del juego para siempre.
square-modern-26 = Luna
    .effect = La ficha que se detiene aquí vuelve al Sol.
square-modern-27 = Ave
    .effect = La ficha que se detiene aquí vuelve a la 15 o, si la 15 está ocupada, a la casilla libre más cercana por debajo; si no hay ninguna libre, el movimiento no está permitido.
square-modern-28 = Casilla segura
    .effect = Una ficha que empieza su movimiento fuera de las casillas 26-30 no puede caer sobre una ficha que esté aquí; con una ficha en 28-30, el jugador tiene que mover una de ellas si puede.
square-modern-29 = Casilla segura
    .effect = Una ficha que empieza su movimiento fuera de las casillas 26-30 no puede caer sobre una ficha que esté aquí; con una ficha en 28-30, el jugador tiene que mover una de ellas si puede.
square-modern-30 = Casilla segura
    .effect = Una ficha que empieza su movimiento fuera de las casillas 26-30 no puede caer sobre una ficha que esté aquí; un paso más allá de la 30 está la meta, donde la ficha sale del tablero.

colour-cone = Cono
colour-spool = Carrete
colour-white = Blanco
colour-black = Negro
colour-p1 = J1
colour-p2 = J2
colour-p3 = J3
colour-p4 = J4

## Las palabras que describen la partida (src/logic/describe.js, src/logic/reasons.js):
## qué pasó, qué puede elegir un jugador, las tiradas, los resultados y por qué no se permite una jugada.
##
## Argumentos de las frases sobre un puesto:
##   $me     "yes" si el puesto es el del lector (se le habla de tú), si no "no"
##   $name   el nombre del puesto ("Tiye", "Computadora intermedia")
##   $piece  el tipo de pieza de la variante: "piece" (ficha, f.) o "pawn" (peón, m.)
##   $dots   el valor de una ficha (sus puntos), 0 si las fichas no tienen
## Los lugares ($from, $to, y $square en las opciones) son words-square…words-out-of-game,
## con su artículo ("la casilla 9", "la reserva"): las frases los usan tras de, a, en, desde.

## Lugares, colores, dueños

words-square = la casilla { $square }
# $name: el nombre de la casilla especial ("Casa del Agua").
words-square-special = la casilla { $square } ({ $name })
words-reserve = la reserva
words-off-board = fuera del tablero
words-out-of-game = fuera del juego
# Tras un sustantivo: "(la ficha) de Tiye".
words-possessive = de { $name }
# El color de un puesto antes de repartir los colores.
words-colour-undealt = aún sin repartir
words-colour-number = color { $number }

## Qué le pasó a una ficha: una frase por suceso

event-move =
    { $me ->
        [yes] { $piece ->
            [pawn] Tu peón
           *[other] Tu ficha
        }
       *[other] { $piece ->
            [pawn] El peón de { $name }
           *[other] La ficha de { $name }
        }
    }{ $dots ->
        [0] {""}
        [one] {" "}(1 punto)
       *[other] {" "}({ $dots } puntos)
    } va de { $from } a { $to }.

event-backward =
    { $me ->
        [yes] { $piece ->
            [pawn] Tu peón
           *[other] Tu ficha
        }
       *[other] { $piece ->
            [pawn] El peón de { $name }
           *[other] La ficha de { $name }
        }
    }{ $dots ->
        [0] {""}
        [one] {" "}(1 punto)
       *[other] {" "}({ $dots } puntos)
    } retrocede de { $from } a { $to }.

event-swapped =
    { $me ->
        [yes] { $piece ->
            [pawn] Tu peón
           *[other] Tu ficha
        }
       *[other] { $piece ->
            [pawn] El peón de { $name }
           *[other] La ficha de { $name }
        }
    }{ $dots ->
        [0] {""}
        [one] {" "}(1 punto)
       *[other] {" "}({ $dots } puntos)
    } se intercambia y vuelve de { $from } a { $to }.

event-sent-home =
    { $me ->
        [yes] { $piece ->
            [pawn] Tu peón
           *[other] Tu ficha
        }
       *[other] { $piece ->
            [pawn] El peón de { $name }
           *[other] La ficha de { $name }
        }
    }{ $dots ->
        [0] {""}
        [one] {" "}(1 punto)
       *[other] {" "}({ $dots } puntos)
    } es { $piece ->
        [pawn] mandado
       *[other] mandada
    } de vuelta de { $from } a { $to }.

event-captured =
    { $me ->
        [yes] { $piece ->
            [pawn] Tu peón
           *[other] Tu ficha
        }
       *[other] { $piece ->
            [pawn] El peón de { $name }
           *[other] La ficha de { $name }
        }
    }{ $dots ->
        [0] {""}
        [one] {" "}(1 punto)
       *[other] {" "}({ $dots } puntos)
    } es { $piece ->
        [pawn] capturado
       *[other] capturada
    } en { $from } y va a { $to }.

event-water =
    { $me ->
        [yes] { $piece ->
            [pawn] Tu peón
           *[other] Tu ficha
        }
       *[other] { $piece ->
            [pawn] El peón de { $name }
           *[other] La ficha de { $name }
        }
    }{ $dots ->
        [0] {""}
        [one] {" "}(1 punto)
       *[other] {" "}({ $dots } puntos)
    } es { $piece ->
        [pawn] arrastrado
       *[other] arrastrada
    } por el agua de { $from } a { $to }.

# Una casilla especial mueve la ficha.
event-effect =
    La casilla mueve { $me ->
        [yes] { $piece ->
            [pawn] tu peón
           *[other] tu ficha
        }
       *[other] { $piece ->
            [pawn] el peón de { $name }
           *[other] la ficha de { $name }
        }
    }{ $dots ->
        [0] {""}
        [one] {" "}(1 punto)
       *[other] {" "}({ $dots } puntos)
    } de { $from } a { $to }.

event-borne-off =
    { $me ->
        [yes] { $piece ->
            [pawn] Tu peón
           *[other] Tu ficha
        }
       *[other] { $piece ->
            [pawn] El peón de { $name }
           *[other] La ficha de { $name }
        }
    }{ $dots ->
        [0] {""}
        [one] {" "}(1 punto)
       *[other] {" "}({ $dots } puntos)
    } sale del tablero desde { $from }.

# Se pasa del final y rebota.
event-bounced =
    { $me ->
        [yes] { $piece ->
            [pawn] Tu peón
           *[other] Tu ficha
        }
       *[other] { $piece ->
            [pawn] El peón de { $name }
           *[other] La ficha de { $name }
        }
    }{ $dots ->
        [0] {""}
        [one] {" "}(1 punto)
       *[other] {" "}({ $dots } puntos)
    } rebota de { $from } a { $to }.

# De la reserva al tablero.
event-entered =
    { $me ->
        [yes] { $piece ->
            [pawn] Tu peón
           *[other] Tu ficha
        }
       *[other] { $piece ->
            [pawn] El peón de { $name }
           *[other] La ficha de { $name }
        }
    }{ $dots ->
        [0] {""}
        [one] {" "}(1 punto)
       *[other] {" "}({ $dots } puntos)
    } entra en { $to }.

event-removed =
    { $me ->
        [yes] { $piece ->
            [pawn] Tu peón
           *[other] Tu ficha
        }
       *[other] { $piece ->
            [pawn] El peón de { $name }
           *[other] La ficha de { $name }
        }
    }{ $dots ->
        [0] {""}
        [one] {" "}(1 punto)
       *[other] {" "}({ $dots } puntos)
    } en { $from } queda fuera del juego.

# La jugada de apertura que una variante hace por un puesto.
event-opening =
    { $me ->
        [yes] { $piece ->
            [pawn] Tu peón
           *[other] Tu ficha
        }
       *[other] { $piece ->
            [pawn] El peón de { $name }
           *[other] La ficha de { $name }
        }
    }{ $dots ->
        [0] {""}
        [one] {" "}(1 punto)
       *[other] {" "}({ $dots } puntos)
    } abre la partida: va de { $from } a { $to }.

# Un suceso que esta página aún no conoce; $why es la palabra del servidor.
event-other =
    { $me ->
        [yes] { $piece ->
            [pawn] Tu peón
           *[other] Tu ficha
        }
       *[other] { $piece ->
            [pawn] El peón de { $name }
           *[other] La ficha de { $name }
        }
    }{ $dots ->
        [0] {""}
        [one] {" "}(1 punto)
       *[other] {" "}({ $dots } puntos)
    } va de { $from } a { $to } ({ $why }).


## Qué le pasó a un puesto

# $colour: el nombre del color.
event-colour =
    { $me ->
        [yes] Juegas con { $colour }.
       *[other] { $name } juega con { $colour }.
    }
event-pass =
    { $me ->
        [yes] No puedes mover: pierdes el turno.
       *[other] { $name } no puede mover: pierde el turno.
    }
event-again =
    { $me ->
        [yes] Vuelves a tirar.
       *[other] { $name } vuelve a tirar.
    }
event-out =
    { $me ->
        [yes] Quedas fuera de la partida.
       *[other] { $name } queda fuera de la partida.
    }

## El efecto de un paso, breve, sobre el tablero. $square: la casilla donde estaba la ficha, 0 si ninguna.

event-short-borne-off =
    ¡Fuera del tablero! { $me ->
        [yes] { $piece ->
            [pawn] Tu peón
           *[other] Tu ficha
        }
       *[other] { $piece ->
            [pawn] El peón de { $name }
           *[other] La ficha de { $name }
        }
    }{ $square ->
        [0] {""}
       *[other] {" "}de la casilla { $square }
    }

event-short-water =
    ¡Al agua! { $me ->
        [yes] { $piece ->
            [pawn] Tu peón
           *[other] Tu ficha
        }
       *[other] { $piece ->
            [pawn] El peón de { $name }
           *[other] La ficha de { $name }
        }
    }{ $square ->
        [0] {""}
       *[other] {" "}en la casilla { $square }
    }

event-short-removed =
    { $piece ->
        [pawn] ¡Eliminado!
       *[other] ¡Eliminada!
    } { $me ->
        [yes] { $piece ->
            [pawn] Tu peón
           *[other] Tu ficha
        }
       *[other] { $piece ->
            [pawn] El peón de { $name }
           *[other] La ficha de { $name }
        }
    }{ $square ->
        [0] {""}
       *[other] {" "}en la casilla { $square }
    }

event-short-captured =
    { $piece ->
        [pawn] ¡Capturado!
       *[other] ¡Capturada!
    } { $me ->
        [yes] { $piece ->
            [pawn] Tu peón
           *[other] Tu ficha
        }
       *[other] { $piece ->
            [pawn] El peón de { $name }
           *[other] La ficha de { $name }
        }
    }{ $square ->
        [0] {""}
       *[other] {" "}en la casilla { $square }
    }

event-short-sent-home =
    ¡De vuelta a la salida! { $me ->
        [yes] { $piece ->
            [pawn] Tu peón
           *[other] Tu ficha
        }
       *[other] { $piece ->
            [pawn] El peón de { $name }
           *[other] La ficha de { $name }
        }
    }{ $square ->
        [0] {""}
       *[other] {" "}en la casilla { $square }
    }

event-short-swapped =
    { $piece ->
        [pawn] ¡Intercambiado!
       *[other] ¡Intercambiada!
    } { $me ->
        [yes] { $piece ->
            [pawn] Tu peón
           *[other] Tu ficha
        }
       *[other] { $piece ->
            [pawn] El peón de { $name }
           *[other] La ficha de { $name }
        }
    }{ $square ->
        [0] {""}
       *[other] {" "}en la casilla { $square }
    }

event-short-backward =
    ¡Hacia atrás! { $me ->
        [yes] { $piece ->
            [pawn] Tu peón
           *[other] Tu ficha
        }
       *[other] { $piece ->
            [pawn] El peón de { $name }
           *[other] La ficha de { $name }
        }
    }{ $square ->
        [0] {""}
       *[other] {" "}en la casilla { $square }
    }

event-short-bounced =
    ¡Rebote! { $me ->
        [yes] { $piece ->
            [pawn] Tu peón
           *[other] Tu ficha
        }
       *[other] { $piece ->
            [pawn] El peón de { $name }
           *[other] La ficha de { $name }
        }
    }{ $square ->
        [0] {""}
       *[other] {" "}en la casilla { $square }
    }

event-short-effect =
    { $piece ->
        [pawn] ¡Movido por la casilla!
       *[other] ¡Movida por la casilla!
    } { $me ->
        [yes] { $piece ->
            [pawn] Tu peón
           *[other] Tu ficha
        }
       *[other] { $piece ->
            [pawn] El peón de { $name }
           *[other] La ficha de { $name }
        }
    }{ $square ->
        [0] {""}
       *[other] {" "}en la casilla { $square }
    }

## Un paso del registro, antes de sus sucesos. $roll: roll-… más abajo.

step-resigned =
    { $me ->
        [yes] Te rendiste.
       *[other] { $name } se rindió.
    }
step-timed-out =
    { $me ->
        [yes] Se te acabó el tiempo.
       *[other] A { $name } se le acabó el tiempo.
    }
step-left =
    { $me ->
        [yes] Dejaste la partida.
       *[other] { $name } dejó la partida.
    }
# Una tirada que no es de nadie (el sorteo que reparte los colores).
step-chance = Azar: { $roll }.
step-threw =
    { $me ->
        [yes] Tiraste: { $roll }.
       *[other] { $name } tiró: { $roll }.
    }
# $choice: una opción (option-… más abajo), con su primera letra en minúscula.
step-decided =
    { $me ->
        [yes] Tú: { $choice }.
       *[other] { $name }: { $choice }.
    }

## Las opciones, antes de elegir una: botones y registro. $from, $to, $square: lugares.

option-move =
    Mover { $piece ->
        [pawn] el peón
       *[other] la ficha
    } de { $from }
option-move-to =
    Mover { $piece ->
        [pawn] el peón
       *[other] la ficha
    } de { $from } a { $to }
option-move-sum =
    Mover { $piece ->
        [pawn] el peón
       *[other] la ficha
    } de { $from } con la suma de los dos dados
option-move-sum-to =
    Mover { $piece ->
        [pawn] el peón
       *[other] la ficha
    } de { $from } a { $to } con la suma de los dos dados
# $pips: el número que marca el dado.
option-move-die =
    Mover { $piece ->
        [pawn] el peón
       *[other] la ficha
    } de { $from } con el dado que marca { $pips }
option-move-die-to =
    Mover { $piece ->
        [pawn] el peón
       *[other] la ficha
    } de { $from } a { $to } con el dado que marca { $pips }
option-enter =
    Meter { $piece ->
        [pawn] un peón
       *[other] una ficha
    } de la reserva en { $to }
option-place =
    Colocar { $piece ->
        [pawn] un peón
       *[other] una ficha
    } de la reserva en { $to }
option-remove =
    Quitar { $piece ->
        [pawn] el peón
       *[other] la ficha
    } de { $square }
option-roll =
    { $count ->
        [one] Tirar un dado
       *[other] Tirar { $count } dados
    }
option-choose = Elegir

## Tiradas. $side: la cara de los palillos que cuenta, "light" (clara) o "dark" (oscura); $up: cuántos la muestran.

roll-counted =
    { $up ->
        [0] ningún lado { $side ->
            [light] claro
           *[other] oscuro
        } arriba
        [one] { $up } lado { $side ->
            [light] claro
           *[other] oscuro
        } arriba
       *[other] { $up } lados { $side ->
            [light] claros
           *[other] oscuros
        } arriba
    }
# …y lo que vale la tirada: $squares.
roll-counted-worth =
    { $up ->
        [0] ningún lado { $side ->
            [light] claro
           *[other] oscuro
        } arriba
        [one] { $up } lado { $side ->
            [light] claro
           *[other] oscuro
        } arriba
       *[other] { $up } lados { $side ->
            [light] claros
           *[other] oscuros
        } arriba
    }, vale { $squares }
roll-die = un { $pip }
roll-dice = { $first } y { $second }
# El sorteo que decide quién empieza; $seat: 1, 2…
roll-lot = sale el puesto { $seat }
roll-move =
    { $count ->
        [one] mover { $count } casilla
       *[other] mover { $count } casillas
    }
# Dos dados: una ficha por la suma ($sum), o dos fichas con un dado cada una.
roll-move-dice = una ficha { $sum } casillas, o dos fichas { $first } y { $second }

## Resultados. $name: quien ganó; $me: "yes" si ganó el lector y se le dice a él;
## $others (quién perdió, en no-pawns y abandoned): "you" (tú), "opponent" (el rival, entre dos) u "others".

standing-over = La partida ha terminado
standing-borne-off =
    { $me ->
        [yes] Ganaste sacando todas tus fichas del tablero
       *[other] { $name } ganó sacando todas sus fichas del tablero
    }
standing-gates =
    { $me ->
        [yes] Ganaste por las Puertas de Aaru
       *[other] { $name } ganó por las Puertas de Aaru
    }
standing-trial =
    { $me ->
        [yes] Ganaste con la Prueba de los Tres Dioses
       *[other] { $name } ganó con la Prueba de los Tres Dioses
    }
standing-no-pawns =
    { $me ->
        [yes] Ganaste: { $others ->
            [you] te quedaste sin peones
            [opponent] el rival se quedó sin peones
           *[other] los demás se quedaron sin peones
        }
       *[other] { $name } ganó: { $others ->
            [you] te quedaste sin peones
            [opponent] el rival se quedó sin peones
           *[other] los demás se quedaron sin peones
        }
    }
standing-three-borne-off =
    { $me ->
        [yes] Ganaste sacando tres fichas del tablero
       *[other] { $name } ganó sacando tres fichas del tablero
    }
standing-last-player =
    { $me ->
        [yes] Ganaste: nadie más sigue en la partida
       *[other] { $name } ganó: nadie más sigue en la partida
    }
standing-resigned =
    { $me ->
        [yes] Ganaste por rendición del rival
       *[other] { $name } ganó por rendición del rival
    }
standing-abandoned =
    { $me ->
        [yes] Ganaste: { $others ->
            [you] dejaste la partida
            [opponent] el rival dejó la partida
           *[other] los demás dejaron la partida
        }
       *[other] { $name } ganó: { $others ->
            [you] dejaste la partida
            [opponent] el rival dejó la partida
           *[other] los demás dejaron la partida
        }
    }
standing-time =
    { $me ->
        [yes] Ganaste por tiempo (se acabó un reloj)
       *[other] { $name } ganó por tiempo (se acabó un reloj)
    }
# Un final que esta página aún no conoce; $how es la palabra del servidor.
standing-other =
    { $me ->
        [yes] Ganaste: { $how }
       *[other] { $name } ganó: { $how }
    }
# Una línea de la clasificación final: $place 1, 2…
standing-place = { $place }. { $name }
standing-place-score =
    { $points ->
        [one] { $place }. { $name } · { $points } punto
       *[other] { $place }. { $name } · { $points } puntos
    }

## Por qué las reglas no permiten una ficha o una opción: una frase por código de motivo del motor.

reason-not-an-option = Esa no es una de las opciones que tienes ahora.
reason-not-a-square = Esa no es una casilla del tablero: las casillas van de la 1 a la 30.
reason-no-piece-of-yours = No tienes ninguna ficha en esa casilla.
reason-must-stop-on-26 = Esta ficha saltaría la Casa de la Felicidad (26): todas las fichas deben detenerse allí antes.
reason-overshoots = Esta tirada llevaría la ficha más allá del final del tablero: una ficha solo sale con la tirada exacta.
reason-blockade = Tres o más fichas seguidas de tu rival cierran el paso.
reason-own-piece-on-destination = Ya hay una ficha tuya donde caería esta.
reason-protected-piece = La ficha rival de esa casilla está protegida por su vecina: no se puede intercambiar ni capturar.
reason-no-empty-square-behind = Ninguna ficha puede avanzar, y esta no tiene detrás ninguna casilla libre a la que retroceder.
reason-no-legal-move = Con esta tirada no se puede mover nada.
reason-must-move = Hay un movimiento posible, así que tienes que mover.
reason-past-the-end = Esta tirada llevaría la ficha más allá de la casilla 30: una ficha solo sale si cae justo en la 30.
reason-needs-exact-throw = Esta ficha solo sale del tablero con la tirada exacta.
# $first, $last: la última fila de la variante (de la 21 a la 30); $first es 0 si la variante no nombra ninguna.
reason-not-all-in-exit-row =
    { $first ->
        [0] Una ficha solo puede salir cuando todas tus fichas están en la última fila (el final del tablero).
       *[other] Una ficha solo puede salir cuando todas tus fichas están en la última fila (de la { $first } a la { $last }).
    }
reason-cannot-move-back = Ninguna ficha puede avanzar, y esta no puede retroceder la tirada completa hasta una casilla libre.
reason-first-move-from = Tu primer movimiento tiene que hacerse con la ficha que indican las reglas.
reason-no-pawn-of-yours = No tienes ningún peón en esa casilla.
reason-past-30 = Esta tirada llevaría el peón más allá de la casilla 30: un peón tiene que caer justo en la 30.
reason-own-pawn = Ya hay un peón tuyo donde caería este.
reason-no-summon = Con esta tirada no puedes meter en juego un peón de tu reserva: mueve un peón del tablero.
reason-summon-square = Con esta tirada, el peón que entra lo hace en otra casilla.
reason-empty-reserve = Tu reserva está vacía: no queda ningún peón que meter en juego.
reason-square-taken = Esa casilla está ocupada.
reason-ankh-square = El Anj no puede poner un peón en esa casilla.
reason-vulture-target = El Buitre no puede llevarse un peón de esa casilla con esta tirada.
reason-wrong-dice = Ahora no se pueden usar los dados así.
reason-moved-already = Esta ficha ya se movió con el otro dado en este turno: mueve otra ficha.
reason-own-piece = Ya hay una ficha tuya donde caería esta.
reason-safe = La ficha de esa casilla está a salvo de esta.
reason-bird-full = El Ave no tiene ninguna casilla libre a la que devolver la ficha.
reason-must-move-28-30 = Puedes mover una de tus fichas de las casillas 28 a 30, así que tienes que mover una de ellas.

## Nombres, el titular de la sala, resultados, errores del servidor,
## duraciones y relojes (src/logic: format.js, clock.js, decision-time.js,
## fair.js, identity.js, replay-logic.js). Las cifras del reloj (4:07, 9.4)
## no son mensajes: se escriben igual en todos los idiomas.

## Puestos y jugadores de la computadora

format-you = Tú
# Un puesto vacío, antes de que se repartan los colores.
format-seat = Puesto { $number }

computer-level-beginner = Principiante
    .blurb = juega por intuición
computer-level-intermediate = Intermedio
    .blurb = elige la jugada que parece mejor
computer-level-expert = Experto
    .blurb = piensa varias tiradas por adelantado
# El nombre de un puesto de la computadora en todas partes. $level es el
# código del nivel: beginner, intermediate o expert (otro: tal cual).
computer-name = { $level ->
    [beginner] Computadora principiante
    [intermediate] Computadora intermedia
    [expert] Computadora experta
   *[other] Computadora { $level }
}
# Dos computadoras del mismo nivel en una mesa, numeradas por puesto.
computer-name-numbered = { $name } { $nth }

## El titular de la sala: a quién le toca y qué hacer

status-waiting = { $count ->
    [one] Esperando a que se una un jugador más…
   *[other] Esperando a que se unan { $count } jugadores más…
}
# Nadie actúa: las reglas hacen un sorteo.
status-drawing = Se está haciendo el sorteo…
# $me: "yes" si tira quien lee; $chance: sticks, die, two_dice o lot.
status-throw = { $me ->
    [yes] { $chance ->
        [sticks] Tu turno: tira los palillos.
        [die] Tu turno: tira el dado.
       *[other] Tu turno: tira los dados.
    }
   *[no] { $chance ->
        [sticks] { $name } va a tirar los palillos.
        [die] { $name } va a tirar el dado.
       *[other] { $name } va a tirar los dados.
    }
}
# $rolled: "yes" con $roll, la última tirada en palabras ("3 y 5").
status-choose = { $me ->
    [yes] { $rolled ->
        [yes] Tu elección ({ $roll }): elige { $piece ->
            [pawn] un peón
           *[other] una ficha
        } o una casilla que brillen, o una opción de abajo.
       *[no] Tu elección: elige { $piece ->
            [pawn] un peón
           *[other] una ficha
        } o una casilla que brillen, o una opción de abajo.
    }
   *[no] { $rolled ->
        [yes] { $name } está eligiendo ({ $roll }).
       *[no] { $name } está eligiendo.
    }
}

## Resultados (las palabras de la clasificación son de describe.js: standing-*)

result-over = La partida terminó.
# $head: quién ganó y cómo, de los mensajes standing-* ("Ganaste por rendición del rival").
result-sentence = { $head }.

## Errores del servidor (los códigos de docs/protocol.md)

error-bad-json = El servidor no pudo leer un mensaje de esta página. Vuelve a cargarla.
error-not-understood = El servidor no entendió un mensaje de esta página. Vuelve a cargarla.
error-unsupported-version = Esta página está desactualizada respecto al servidor. Vuelve a cargarla.
error-frame-too-large = Un mensaje de esta página era demasiado grande para el servidor.
error-not-a-player = Estás mirando esta partida, así que no puedes jugar en ella.
error-game-not-started = La partida aún no empezó: está esperando a un segundo jugador.
error-not-your-turn = Todavía no es tu turno.
error-must-throw-first = Tira los palillos antes de mover una ficha.
error-must-move-first = Ya tiraste: primero mueve una ficha.
error-illegal-move = Esa jugada no está permitida.
# $reason: el motivo según las reglas, una frase de esta página.
error-illegal-move-reason = Esa jugada no está permitida. { $reason }
# $detail es la explicación del servidor, en inglés: aquí no se muestra.
error-illegal-move-detail = Esa jugada no está permitida.
error-game-over = La partida ya terminó.
error-game-not-over = Solo se puede acordar una revancha cuando la partida haya terminado.
error-no-rematch-offer = Ya no hay ninguna oferta de revancha a la que responder.
error-not-abandoned = Todavía no puedes reclamar la victoria.
# $detail es la explicación del servidor, en inglés: aquí no se muestra.
error-not-abandoned-detail = Todavía no puedes reclamar la victoria.
error-storage = El servidor no pudo guardar esa acción. No cambió nada; vuelve a intentarlo.
error-room-moved = La partida se trasladó a otro servidor. No cambió nada; reconectando…
error-missing-token = Primero necesitas un nombre de jugador.
error-invalid-token = El servidor ya no reconoce tu jugador guardado. Vuelve a elegir tu nombre.
error-invalid-display-name = Los nombres pueden tener de 1 a 32 letras, cifras, espacios sueltos y _ - . '
error-room-not-found = No hay ninguna sala en esta dirección. Puede que el enlace esté mal escrito.
error-game-not-found = No se encontró esa partida.
error-unknown-rule-set = El servidor no conoce esa variante.
error-unknown-computer-level = El servidor no conoce ese nivel de la computadora.
error-unavailable = El servidor no está disponible por el momento. Vuelve a intentarlo dentro de un rato.
error-internal = Algo salió mal en el servidor. Vuelve a intentarlo.
error-rate-limited = Demasiados intentos. Espera un poco y vuelve a intentarlo.
error-wrong-credentials = El nombre de usuario o la contraseña no son correctos.
error-username-taken = Ese nombre de usuario, o uno que se le parece, ya está en uso. Elige otro.
error-already-registered = Este jugador ya tiene una cuenta: inicia sesión.
error-no-account = Este jugador todavía no tiene cuenta: primero crea una.
error-rated-needs-account = Las partidas con puntuación son para jugadores con cuenta: primero crea una.
error-rated-needs-clock = Una partida con puntuación necesita reloj: elige un control de tiempo.
error-rated-needs-people = Las partidas contra la computadora nunca cuentan para la puntuación.
error-player-not-found = Ese jugador no existe.
error-unknown-pool = Esa clasificación no existe.
error-bad-origin = El servidor rechazó esta página porque se abrió desde otra dirección. Abre la partida desde la dirección del propio servidor.
error-network = No se puede conectar con el servidor. Comprueba tu conexión y vuelve a intentarlo.
# Un código de error que esta página no conoce: $detail es el mensaje del servidor (en inglés).
error-refused-detail = El servidor lo rechazó: { $detail }
error-refused = El servidor lo rechazó ({ $code }).
# Un fallo HTTP sin código de error de la API ($status: 404, 502, …).
error-http = El servidor respondió con un error ({ $status }).

## Por qué se cerró la conexión

format-close-restarting = El servidor se está reiniciando.
format-close-slow = Esta página se quedó atrás en la partida; se pondrá al día cuando se reconecte.
format-close-too-many = El servidor cerró la conexión porque esta página envió demasiados mensajes.
format-close-too-large = El servidor cerró la conexión porque un mensaje era demasiado grande.
format-close-room-stopped = La sala se detuvo inesperadamente en el servidor.
format-close-moved = La partida se trasladó a otro servidor; reconectando.
format-close-signed-out = Se cerró tu sesión (al salir o al cambiar la contraseña, en este dispositivo o en otro). Vuelve a iniciar sesión para jugar; recarga la página para mirar.

## Duraciones ("13 s", "4 min 05 s", "1 h 02 min"); $min y $s detrás de
## una unidad mayor llevan un cero delante.

format-duration-tenths = { NUMBER($s, minimumFractionDigits: 1, maximumFractionDigits: 1) } s
format-duration-s = { $s } s
format-duration-min = { $min } min
format-duration-min-s = { $min } min { $s } s
format-duration-h-min = { $h } h { $min } min

## Nombres de jugador (se comprueban como en el servidor)

format-name-empty = Escribe un nombre.
format-name-too-long = Los nombres pueden tener como máximo { $max } caracteres.
format-name-spaces = Deja un solo espacio entre palabras y ninguno al principio ni al final.
format-name-characters = Usa solo letras, cifras, espacios y _ - . '

## Relojes y controles de tiempo

clock-none = Sin reloj
clock-control-minutes = { $minutes } min + { $increment } s
clock-control-seconds = { $seconds } s + { $increment } s
clock-control-move = { $seconds } s por jugada
clock-label = Reloj
clock-note = Con reloj, quien se queda sin tiempo pierde (o, si hay más jugadores, queda fuera de la partida).
clock-list = Relojes
clock-list-control = Relojes: { $control }
# El tiempo de una decisión en la lista de pasos de la repetición.
clock-think-title = Tiempo empleado: { $time }
# Lo que leen los lectores de pantalla antes del tiempo ("tardó 2,4 s").
clock-think-took = tardó

## Azar demostrablemente justo, comprobado en el navegador (la repetición)

fair-before = Esta partida es anterior al azar verificable.
fair-not-revealed = La semilla se revela cuando termina la partida.
fair-malformed = La semilla revelada no es válida.
fair-mismatch = La semilla revelada no coincide con el compromiso mostrado antes de la partida.
# $shown y $expected son códigos de resultado (LDLL, d4, d3d5, lot1).
fair-step-differs = El paso { $step } muestra { $shown }, pero las semillas dan { $expected }.
fair-verified = { $count ->
    [0] No hay resultados del azar que comprobar.
    [one] El único resultado del azar coincide con la semilla revelada.
   *[other] Los { $count } resultados del azar coinciden con la semilla revelada.
}

## La sala (draw/room-page.js, room/*.js, pages/room.js), el tablero y las
## bandejas (draw/board.js) y el azar (draw/chance.js).
## $piece es la clase de ficha de la variante: "piece" (ficha, f.) o "pawn" (peón, m.).

## Indicaciones bajo el tablero

room-preview-hint-touch = { $piece ->
        [pawn] Toca una casilla marcada para mover allí, o toca un peón que brille para ver qué hace y vuelve a tocarlo para jugarlo.
       *[other] Toca una casilla marcada para mover allí, o toca una ficha que brille para ver qué hace y vuelve a tocarla para jugarla.
    }
room-preview-hint-mouse = { $piece ->
        [pawn] Pon el puntero o el foco sobre un peón o una casilla que brille para ver qué hace; haz clic o pulsa Intro para jugarlo.
       *[other] Pon el puntero o el foco sobre una ficha o casilla que brille para ver qué hace; haz clic o pulsa Intro para jugarla.
    }
room-tap-again = Vuelve a tocar, o toca su destino, para jugar.

## Tarjetas de los puestos

room-badge-to-play = le toca
room-badge-winner = ganador
# Puesto final tras el ganador: "2.º", "3.º"
room-badge-place = { $place }.º
room-badge-out = fuera
room-seat-open = Puesto libre
room-seat-waiting = esperando a que alguien se una
# Cómo juega una computadora de un nivel que no conocemos, bajo su nombre.
room-computer-blurb = juega sola
# $rating: la puntuación del jugador, ya escrita ("1500", "1500?").
room-seat-rating = puntuación { $rating }
room-seat-online = en línea
room-seat-offline = sin conexión
# Tras el nombre del jugador en su propia tarjeta.
room-seat-you = (tú)
# Una tarjeta leída en voz alta: "Tiye (tú), Cono, le toca".
# $me, $active, $out: "yes" o "no".
room-seat-label = { $me ->
        [yes] { $name } (tú), { $colour }
       *[other] { $name }, { $colour }
    }{ $active ->
        [yes] , le toca
       *[other] {""}
    }{ $out ->
        [yes] , fuera
       *[other] {""}
    }

## El panel de la tirada

room-chance-label = Tirada
room-thrower-rules = Sorteo de las reglas
# Quién hizo la última tirada (también con dados): $me "yes" o "no".
room-thrower = { $me ->
        [yes] Tiraste
       *[other] { $name } tiró
    }
# Antes del número de la tirada: "Tiye tiró:".
room-throw-who = { $who }:
# Cómo contaron las reglas una tirada de palillos y cuánto avanza:
# "3 lados oscuros arriba — mover 3 casillas".
room-throw-how = { $counted } — { $move }
room-no-throw-yet = Aún no ha tirado nadie.
room-throw-choose = Ahora elige abajo
room-throw-wait = Espera tu turno
room-auto-forced = Jugar por mí los movimientos forzados
room-sounds = Sonidos
room-your-choice = Tu elección
# Tras "Tu elección": cuántas opciones se muestran de todas.
room-choice-count = ({ $shown } de { $total }):
room-show-all-options = Mostrar todas las opciones

## Rendirse, reclamar la victoria, revancha

room-actions-label = Acciones de la partida
room-claim-left = { $name } dejó la partida.
# $ago: una duración breve, "13 s", "4 min".
room-claim-left-ago = { $name } dejó la partida hace { $ago }.
# $many: "yes" si juegan más de dos (al ausente se le deja fuera).
room-claim-later = Cuando lleve ausente más del tiempo de reconexión, podrás { $many ->
        [yes] dejarlo fuera de la partida
       *[other] reclamar la victoria
    }.
# $time: la cuenta atrás, "1:47".
room-claim-in = Podrás { $many ->
        [yes] dejarlo fuera de la partida
       *[other] reclamar la victoria
    } dentro de { $time } si no vuelve.
room-claim-now = Ya puedes { $many ->
        [yes] dejarlo fuera de la partida
       *[other] reclamar la victoria
    }.
room-claim-win = Reclamar la victoria
room-resign = Rendirse
room-rematch-asked = Pediste la revancha. Esperando a los demás…
# $names: una lista, "Tiye y Amenhotep"; $count: cuántos.
room-rematch-wanted = { $names } { $count ->
        [one] pide
       *[other] piden
    } la revancha (se rotan los puestos).
room-rematch-declined = La revancha se rechazó.
room-rematch-accept = Aceptar la revancha
room-rematch-offer = Proponer la revancha
room-rematch-decline = Rechazar
room-new-game = Nueva partida

## El registro y el panel de cómo se juega

room-record = Registro
room-record-label = Pasos, del más reciente al más antiguo
room-record-empty = Todavía no hay pasos.
room-help-title = Cómo se juega: { $ruleSet }
room-help-rules = Leer las reglas completas

## Invitar

room-invite-label = Invitar
room-invite-title = { $open ->
        [one] Invita a tu rival
       *[other] Invita a { $open } jugadores
    }
room-invite-text = Manda este enlace a tus amigos. La partida empieza en cuanto se ocupen todos los puestos.
room-invite-link-label = Enlace de invitación
room-invite-copy = Copiar el enlace
room-invite-public = Esta sala es pública: también aparece en la página de inicio para que cualquiera se una.
room-invite-private = Esta sala es privada: solo puede unirse quien tenga el enlace.
room-invite-rated = Las partidas de esta sala son puntuadas: solo los jugadores con cuenta pueden ocupar un puesto.

## El resultado

# $scores: cada jugador con sus puntos, "Tiye 5 · Amenhotep 3".
room-series = Serie: { $scores }
room-series-someone = un jugador
room-result-game = Partida { $game } · { $steps ->
        [one] { $steps } paso
       *[other] { $steps } pasos
    }
room-replay-link = Ver la repetición paso a paso
room-share = Copiar el enlace de la repetición

## La página

room-watching-title = Estás viendo esta partida.
room-watching-text = El tablero se actualiza en directo; solo los jugadores pueden mover.
room-spectators = { $count ->
        [one] { $count } espectador
       *[other] { $count } espectadores
    }
room-doc-title-over = Partida terminada · Senet Online
room-doc-title-turn = Tu turno · Senet Online
room-doc-title = Senet · Senet Online

## Unirse a una sala (pages/room.js)

room-opening = Abriendo la sala…
room-cannot-open = No se puede abrir esta sala
room-go-home = Ir a la página de inicio
# Quien creó una sala cuyo creador no tiene nombre.
room-someone = Alguien
room-join-title = { $creator } te invita a jugar al senet
# $ruleSet: el nombre de la variante; $rules: un enlace, room-join-rules-link.
room-join-rule-set = Variante: { $ruleSet } ({ $rules }).
room-join-rules-link = reglas
room-join-choose = Elige el nombre que verán los demás.
room-join-name = Tu nombre
room-join-submit = Unirse a la partida
room-join-watch = Solo mirar
# $clock: el control de tiempo, tal como lo dice el reloj.
room-join-clock = Reloj: { $clock }. Quien se quede sin tiempo pierde.

## Conexión y mensajes (room/index.js, room/actions.js)

room-connecting = Conectando…
room-connected = Conectado
room-connection-lost = Se perdió la conexión; reconectando…
room-retrying = Nuevo intento en { $seconds } s.
room-closed = Sala cerrada
room-gone = Esta sala ya no existe
room-out-of-time = { $name } se quedó sin tiempo.
room-not-connected = Ahora mismo no hay conexión: espera a que vuelva y prueba otra vez.
room-wrong-origin = Este servidor espera que lo abras en { $expected }: abre { $url } en su lugar.
room-refused = El servidor sigue rechazando la conexión. Si continúa, puede que ya no reconozca tu jugador guardado: recarga la página, o abre la página de inicio y vuelve a elegir tu nombre.
room-blocked-default = Las reglas no le permiten ningún movimiento con esta tirada.
# $why: el motivo de las reglas, una frase.
room-blocked = { $piece ->
        [pawn] Ese peón
       *[other] Esa ficha
    } no puede moverse ahora. { $why } Puedes jugar { $piece ->
        [pawn] los peones
       *[other] las fichas
    } y casillas que brillan.
room-copied-invite = Enlace de invitación copiado. ¡Mándaselo a los demás jugadores!
room-copy-failed = No se pudo copiar: selecciona el enlace y cópialo tú.
room-copied-replay = Enlace de la repetición copiado.
room-copy-replay-failed = No se pudo copiar; el enlace es { $link }
room-resign-title = ¿Te rindes en esta partida?
room-resign-text = { $many ->
        [yes] Quedas fuera de la partida al instante; los demás siguen jugando. No se puede deshacer.
       *[other] Tu rival gana al instante. No se puede deshacer.
    }
room-resign-yes = Rendirse
room-claim-title = ¿Reclamar la victoria?
room-claim-text = El jugador al que le toca se ha ido. Si lleva ausente el tiempo suficiente, la partida es tuya (o, con más jugadores, queda fuera).
room-claim-yes = Reclamar la victoria

## El tablero (draw/board.js)

board-label = Tablero de senet: casillas de la 1 a la { $squares } a lo largo de un camino en forma de S
# Una casilla leída en voz alta: "Casilla 27, Casa del Agua: vacía".
board-square = Casilla { $square }: { $occupant }
board-square-special = Casilla { $square }, { $special }: { $occupant }
board-empty = vacía
# De quién es la ficha de una casilla: "ficha de Tiye (3 puntos) (tuya)".
# $dots: el valor de la ficha (0: ninguno); $mine: "yes" o "no".
board-occupant = { $piece ->
        [pawn] peón
       *[other] ficha
    } de { $owner }{ $dots ->
        [0] {""}
        [one] {" "}(1 punto)
       *[other] {" "}({ $dots } puntos)
    }{ $mine ->
        [yes] { $piece ->
            [pawn] {" "}(tuyo)
           *[other] {" "}(tuya)
        }
       *[other] {""}
    }
# Varias opciones en una casilla; $options: sus frases, unidas con board-or.
board-options = { $count } opciones para la casilla { $square }: { $options }
board-or = O bien:
board-tray-reserve = Reserva { $count }
board-tray-off = Fuera { $count }/{ $total }
board-tray-removed = { $piece ->
        [pawn] Eliminados
       *[other] Eliminadas
    } { $count }
board-tray-score = Puntos
# Una bandeja leída en voz alta: "Tiye (Cono): 0 fichas sacadas"; $parts: las board-tray-says-* unidas.
board-tray-label = { $name } ({ $colour }): { $parts }
board-tray-says-reserve = { $piece ->
        [pawn] { $count ->
            [one] { $count } peón en reserva
           *[other] { $count } peones en reserva
        }
       *[other] { $count ->
            [one] { $count } ficha en reserva
           *[other] { $count } fichas en reserva
        }
    }
board-tray-says-off = { $piece ->
        [pawn] { $count ->
            [one] { $count } peón sacado del tablero
           *[other] { $count } peones sacados del tablero
        }
       *[other] { $count ->
            [one] { $count } ficha sacada del tablero
           *[other] { $count } fichas sacadas del tablero
        }
    }
board-tray-says-removed = { $piece ->
        [pawn] { $count ->
            [one] { $count } peón eliminado
           *[other] { $count } peones eliminados
        }
       *[other] { $count ->
            [one] { $count } ficha eliminada
           *[other] { $count } fichas eliminadas
        }
    }
board-tray-says-score = { $score ->
        [one] { $score } punto
       *[other] { $score } puntos
    }
board-tray-says-out = fuera de la partida
# La etiqueta corta que se dibuja en una casilla especial.
board-short-rebirth = Renacimiento
board-short-happiness = Felicidad
board-short-water = Agua
board-short-three-truths = Tres Verdades
board-short-re-atoum = Re-Atum
board-short-horus = Horus
board-short-refuge = Refugio
board-short-safe = Casilla segura
board-short-vulture = Percha del Buitre
board-short-river = Río del Olvido
board-short-three-gods = Tres Dioses
board-short-eye = Ojo del Juicio
board-short-gates = Puertas de Aaru
board-short-sun = Sol
board-short-moon = Luna
board-short-bird = Ave

## El azar (draw/chance.js)

chance-throw-sticks = Tirar los palillos
chance-roll-die = Tirar el dado
chance-roll-dice = Tirar los dados

## Lo que se dice en la sala: el chat (room/chat.js) y el de la repetición
## (pages/replay-chat.js), los nombres de los relojes (room/clocks.js), el
## aviso de turno (room/notify.js) y los avisos sobre personas (room/announce.js).

chat-title = Chat
chat-follow = Mostrar el chat de los espectadores
chat-switch = Chat activado en esta sala
chat-mutes =
    .aria-label = Silenciar jugadores
chat-log =
    .aria-label = Mensajes del chat
chat-phrases =
    .aria-label = Frases rápidas
chat-input = Mensaje
chat-input-players = Mensaje para los jugadores
chat-input-spectators = Mensaje para los espectadores
chat-send = Enviar
# Bajo el cuadro del mensaje: caracteres escritos / el máximo permitido.
chat-count = { $count } / { $max }
# Tras el nombre del autor: el canal en el que escribió.
chat-badge-player = jugador
chat-badge-spectator = espectador
# $name es el nombre de otro jugador; el botón se activa y desactiva (aria-pressed).
chat-mute = Silenciar a { $name }
chat-off = El chat está desactivado en esta sala.
chat-read-only = Estás mirando sin nombre: puedes leer el chat, pero no escribir.
chat-not-sent = Ahora mismo no hay conexión: el mensaje no se ha enviado.

# Frases rápidas: un toque envía estas palabras, como si se escribieran, en el idioma de quien las envía.
chat-phrase-good-luck = Buena suerte
chat-phrase-well-played = Bien jugado
chat-phrase-thanks = Gracias
chat-phrase-oops = Uy

# El servidor rechazó un mensaje; $max es el máximo de caracteres (280).
chat-refused = El mensaje fue rechazado.
chat-refused-empty = El mensaje está vacío.
chat-refused-too-long = Los mensajes pueden tener como máximo { $max } caracteres.
chat-refused-bad-text = Un mensaje es una sola línea de texto: sin saltos de línea ni tabulaciones.
chat-refused-rate-limited = Demasiados mensajes seguidos: espera unos segundos.
chat-refused-off = El chat está desactivado en esta sala.
chat-refused-not-allowed = No puedes hacer eso en este chat.

# El chat de una repetición. $count: cuántos mensajes escribieron los espectadores.
chat-replay-follow = Mostrar el chat de los espectadores ({ $count })
chat-replay-none = Nadie escribió en el chat durante esta partida.
chat-replay-failed = No se pudo cargar el chat de esta partida.

## Los relojes (room/clocks.js)

# El reloj de un puesto que nadie ocupa; $number cuenta desde 1.
clocks-seat = Puesto { $number }

## «Tu turno» como notificación del navegador (room/notify.js)

notify-switch = Avisarme de mi turno cuando esté en otra pestaña
notify-blocked = Este navegador bloquea las notificaciones de este sitio.
# El título de la notificación. $ruleSet es el nombre de la variante.
notify-turn = Tu turno — { $ruleSet }
# $opponents: los nombres de los demás jugadores, ya como lista («Bob y Ana»).
notify-turn-against = Tu turno — { $ruleSet } contra { $opponents }

## Avisos sobre las personas de la sala (room/announce.js)

announce-joined = { $name } se ha unido.
announce-someone-joined = Alguien se ha unido.
announce-disconnected = { $name } ha perdido la conexión.
announce-reconnected = { $name } ha vuelto.
announce-rematch-declined = La revancha fue rechazada.

## Página de inicio (pages/home.js, home-live.js): el formulario de partida nueva, las partidas abiertas y las que se están jugando.

home-title = Senet
home-lede = El juego de carreras del antiguo Egipto, que se juega desde hace cinco mil años. Elige una variante, invita a tus amigos o juega contra la computadora.
home-new-title = Empieza una partida
home-name = Tu nombre
    .placeholder = p. ej., Nefertari
home-rule-set = Variante
# Enlaces bajo el resumen de cada variante.
home-rule-set-rules = Reglas
home-rule-set-learn = Aprende a jugar
home-players = Jugadores
# $count: cuántos jugadores tiene la sala.
home-players-count = { $count ->
    [one] { $count } jugador
   *[other] { $count } jugadores
}
home-your-seat = Tu puesto
home-seat-random = Al azar
    .hint = que decida el destino
# $seat: el número del puesto (1, 2…).
home-seat = Puesto { $seat }
# $colour: el color del puesto, como lo llama la variante.
home-seat-coloured = Puesto { $seat } · { $colour }
# $position: cuándo juega el puesto en cada ronda (1 = primero).
home-seat-order = { $position ->
    [1] juega primero
    [2] juega en segundo lugar
    [3] juega en tercer lugar
    [4] juega en cuarto lugar
   *[other] juega en el lugar { $position }
}
home-other-seats = Los demás puestos
home-opponent = Tu rival
# En partidas de más de dos: $seat es 1, 2, 3 para los puestos que siguen al de quien crea la sala.
home-other-seat = Rival { $seat }
home-other-person = una persona (con invitación)
# $level: beginner, intermediate o expert.
home-other-computer = { $level ->
    [beginner] la computadora (principiante)
    [intermediate] la computadora (intermedia)
   *[expert] la computadora (experta)
}
# $seats: el número de puestos de la sala.
home-other-seats-note = { $seats ->
    [2] Los puestos que le des a la computadora se ocupan al instante; los demás son para las personas que invites.
   *[other] Los demás puestos juegan después del tuyo, por orden de turno. Los puestos que le des a la computadora se ocupan al instante; los demás son para las personas que invites.
}
home-visibility = Quién puede unirse
home-public = Pública
    .hint = aparece abajo, abierta a cualquiera
home-private = Privada
    .hint = solo con tu enlace
home-create = Crear la partida
home-join-needs-name = Escribe tu nombre arriba y después únete.

home-lobby-title = Partidas abiertas
home-lobby-note = Salas públicas que esperan jugadores. Únete a una con un clic.
home-lobby-empty = Ahora mismo no hay partidas abiertas. ¡Crea una y comparte el enlace!
# Hace cuánto pasó algo: $unit es now, min o h; $n, cuántos.
home-ago = { $unit ->
    [now] ahora mismo
    [min] hace { $n } min
   *[h] hace { $n } h
}
# Desde cuándo espera jugadores una sala (los mismos argumentos que home-ago).
home-lobby-waiting = { $unit ->
    [now] esperando desde hace un momento
    [min] esperando desde hace { $n } min
   *[h] esperando desde hace { $n } h
}
# $rating: la puntuación del creador en el juego de reglas de la sala, ya escrita ("1500", "1500?").
home-lobby-rating = puntuación { $rating }
home-lobby-rated = puntuada
# $open: puestos aún libres; $seats: puestos en total.
home-lobby-seats-open = { $open ->
    [one] { $open } puesto libre de { $seats }
   *[other] { $open } puestos libres de { $seats }
}
# El botón de una sala que creó quien lee (la abre) y el de las demás (se une).
home-lobby-open = Abrir
home-lobby-join = Unirse
    .aria-label = Unirse a la partida de { $name } ({ $ruleSet })

home-live-title = En juego ahora
home-live-note = Partidas públicas en curso. Mira una.
home-live-empty = Ahora mismo nadie está jugando una partida pública.

home-rules-title = Cómo se juega
home-rules-text = En todas las variantes, las fichas corren por el camino en forma de S de treinta casillas hasta salir del tablero.
# Un enlace a la página de reglas y lo que sigue al enlace.
home-rules-link = Lee las reglas de cada variante
    .after = .

## Jugar ya (pages/play-now.js): emparejamiento rápido con quien busque la misma partida.

play-now-title = Jugar ya
play-now-note = Juega contra cualquiera que busque la misma partida: entras en cuanto haya jugadores suficientes.
play-now-game = Partida
# Una partida de una variante con varios números de jugadores: $ruleSet, $count jugadores.
play-now-pool = { $ruleSet }, { $count } jugadores
play-now-clock = Reloj
play-now-rated = Puntuada
play-now-rated-note = Las partidas puntuadas cambian tu puntuación y necesitan reloj.
# Sin cuenta: el texto, un enlace a la página de la cuenta y lo que sigue al enlace.
play-now-rated-account = Las partidas puntuadas son para jugadores con cuenta:
    .link = crea una cuenta
    .after = .
play-now-go = Jugar ya
play-now-cancel = Cancelar
play-now-connecting = Conectando…
# $seats: jugadores de la partida; $ruleSet: su nombre; $timed: yes/no, con $clock el control de tiempo;
# $rated: yes/no.
play-now-seeking = { $seats ->
    [2] Buscando rival
   *[other] Buscando jugadores
}: { $ruleSet }{ $timed ->
    [yes] , { $clock }
   *[no] {""}
}{ $rated ->
    [yes] , puntuada
   *[no] {""}
}…
play-now-found = ¡Encontrada! Abriendo la partida…
play-now-replaced = Ya estás buscando partida en otra pestaña.
play-now-stopped = Has dejado de buscar.
# Quién espera en cada grupo: $pools es una lista de play-now-pool-waiting separada por punto y coma.
play-now-pools = Esperando ahora: { $pools }.
# $waiting: cuántos esperan; $ruleSet; $seats; $timed/$clock y $rated como en play-now-seeking.
play-now-pool-waiting = { $waiting } en { $ruleSet }{ $seats ->
    [2] {""}
   *[other] {" "}({ $seats } jugadores)
}{ $timed ->
    [yes] , { $clock }
   *[no] {""}
}{ $rated ->
    [yes] , puntuada
   *[no] {""}
}

## La lista de partidas (pages/history.js, y las filas de «En juego ahora» en la página de inicio).

games-title = Partidas · Senet Online
games-heading = Partidas
games-tabs =
    .aria-label = Qué partidas
games-tab-mine = Mis partidas
games-tab-all = Todas las partidas recientes
games-tab-live = En juego ahora
# Antes de la primera partida: el texto, un enlace a la página de inicio y el resto de la frase.
games-no-player = Este navegador aún no tiene jugador:
    .link = empieza una partida
    .after = y aquí aparecerán tus partidas.
games-filter-name = Nombre
    .placeholder = cualquier jugador
games-filter-result = Resultado
games-filter-rule-set = Variante
games-filter-rule-set-any = Cualquier variante
games-filter = Filtrar
games-more = Más partidas
games-none-yet = Aún no hay partidas.
games-none-match = Ninguna partida coincide.
games-live-empty = Ahora mismo nadie está jugando.
games-playing-as = Juegas como
games-total-games = Partidas
games-total-wins = Victorias
games-total-losses = Derrotas

## Las opciones del filtro de resultado.

games-result-any = Cualquier resultado
games-result-won = Gané
games-result-lost = Perdí
# $seat: de 1 a 4.
games-result-seat = Ganó el puesto { $seat }
games-result-borne-off = Todas fuera del tablero
games-result-resigned = Por rendición
games-result-abandoned = Por abandono
games-result-time = Por tiempo

## Una fila de la lista.

games-in-progress = en curso
# $outcome: won / lost (partida de quien lee), nobody, u other (entonces $winner nombra a quien ganó);
# $how: cómo terminó la partida (uno de games-how-…).
games-row-result = { $outcome ->
    [won] Ganada
    [lost] Perdida
    [nobody] Nadie ganó
   *[other] Ganó { $winner }
} · { $how }
games-how-borne-off = todas fuera del tablero
games-how-resigned = rendición
games-how-abandoned = abandono
games-how-gates = Puertas de Aaru
games-how-trial = Prueba de los Tres Dioses
games-how-no-pawns = sin peones
games-how-three-borne-off = tres fuera del tablero
games-how-last-player = último en juego
games-how-time = por tiempo
# Un puesto sin nombre, donde hace falta un nombre.
games-seat = Puesto { $seat }
games-open-seat = puesto libre
games-you = (tú)
games-vs = contra
games-turns = { $count ->
    [one] { $count } turno
   *[other] { $count } turnos
}
# $date: fecha y hora, escritas a la manera del idioma.
games-finished = Terminada el { $date }
games-started = Empezada el { $date }
# $players: los nombres de los jugadores, unidos por games-vs.
games-watch = Ver
    .aria-label = Ver la partida: { $players }
games-replay = Ver repetición
    .aria-label = Ver la repetición: { $players }

## Pequeñas ayudas compartidas por las páginas (pages/ui.js).

ui-dismiss = Cerrar

## Páginas: la repetición (pages/replay.js), el análisis de la partida (pages/review.js),
## las gráficas (draw/review-chart.js, draw/race-chart.js, draw/rating-chart.js),
## la cuenta, las clasificaciones y el perfil de un jugador.

## La repetición

# Un puesto del que no se sabe el nombre.
replay-seat = Puesto { $number }
replay-in-progress = En curso
replay-not-finished = Sin terminar
# $head: «Nefertari ganó, por abandono»; $places: «1. Nefertari 2. Tiye».
replay-result = { $head }. { $places }
replay-start-text = El comienzo de la partida.
# La primera línea de la lista de pasos, antes de cualquier paso.
replay-start = inicio
# $date: una fecha y hora ya escrita a la manera del idioma.
replay-started = Empezó el { $date }
replay-finished = Terminó el { $date }
# Entre los nombres de los jugadores: «Nefertari contra Tiye».
replay-versus = contra
replay-all-games = Todas las partidas
replay-steps = { $steps } { $steps ->
        [one] paso
       *[other] pasos
    }
# Antes del control de tiempo de la partida («reloj 5 min + 3 s»).
replay-clock = reloj
replay-fair-checking = Comprobando las tiradas…
replay-fair-before = Las tiradas de esta partida salieron del generador de números aleatorios del servidor (antes del azar verificable).
# Tras «✓ ». $message: las palabras de la comprobación; $commitment: el comienzo de un código hexadecimal.
replay-fair-ok = Azar verificable: { $message } (compromiso { $commitment }…)
replay-fair-unchecked = No se pudieron comprobar las tiradas en este navegador: { $error }
replay-download-text = Descargar el registro (.txt)
replay-download-json = Descargar JSON
replay-board = Tablero
replay-controls = Recorrer la partida paso a paso
replay-first = Primer paso
replay-previous = Paso anterior
replay-slider = Paso
replay-next = Paso siguiente
replay-last = Último paso
replay-race-caption = Carrera: distancia que falta para sacar del tablero
replay-steps-heading = Pasos
replay-keys = Las flechas avanzan o retroceden un paso; Inicio y Fin saltan al principio y al final.
replay-loading = Cargando la partida…
replay-not-found = Partida no encontrada
replay-not-found-title = Partida no encontrada · Senet Online
# $players: los nombres de los jugadores unidos con replay-versus.
replay-doc-title = { $players } · Senet Online
replay-step-of = Paso { $step } de { $steps }

## El análisis de la partida

review-title = Análisis de la partida
review-grade-best = mejor jugada
review-grade-good = buena jugada
review-grade-inaccuracy = imprecisión
review-grade-mistake = error
review-grade-blunder = error grave
# La descripción emergente de una insignia. $grade: un texto review-grade-*; $points: un número con un decimal, ya escrito.
review-badge-title = { $grade }: se pierden { $points } puntos de probabilidad de victoria
# Lo leen los lectores de pantalla tras el paso, después de una coma.
review-badge-said = { $grade }: se pierden { $points } puntos
review-summary-region = Precisión y suerte
review-summary-caption = Precisión (de 0 a 100) y suerte (puntos de probabilidad de victoria; + es buena suerte)
review-player = Jugador
review-accuracy = Precisión
review-luck = Suerte
# $tables: «yes» si se usaron tablas de finales.
review-computed = Calculado por la computadora de nivel experto, con { $nodes } { $nodes ->
        [one] nodo
       *[other] nodos
    } por búsqueda{ $tables ->
        [yes] {" "}y tablas de finales
       *[no] {""}
    }.
# Los umbrales de cada valoración, con los números ya escritos.
review-key = Puntos de probabilidad de victoria perdidos: ★ mejor jugada (≤ { $best }), ✓ buena jugada (< { $good }), ?! imprecisión (< { $inaccuracy }), ? error (< { $mistake }), ?? error grave.
review-chart-caption-two = Probabilidad de victoria de { $name } tras cada paso (haz clic para saltar a un paso)
review-chart-caption = Probabilidad de victoria tras cada paso (haz clic para saltar a un paso)
review-after-game = El análisis estará disponible cuando termine la partida.
review-failed = No hay análisis: { $error }
review-pending = Calculando el análisis…
review-slow = El análisis está tardando; vuelve a cargar la página más tarde para verlo.

## Las gráficas

chart-start = inicio
# El último paso en el eje de una gráfica.
chart-step = paso { $step }
chart-seat = Puesto { $number }
# Un desliz valorado en la gráfica de probabilidad de victoria. $grade: un texto review-grade-*; $points: un número ya escrito.
chart-win-mark = Paso { $step }: { $grade }, se pierden { $points } puntos
# Cómo está el paso mostrado. $percent: ya escrito («48 %»).
chart-win-now = { $name }: { $percent }
chart-win-even = igualada
# $now: chart-win-now o chart-win-even.
chart-win-label-two = Gráfica de probabilidad de victoria: la probabilidad de ganar de { $name } a lo largo de { $steps } { $steps ->
        [one] paso
       *[other] pasos
    }. En el paso { $current }: { $now }.
chart-win-label-many = Gráfica de probabilidad de victoria: la probabilidad de ganar de cada jugador a lo largo de { $steps } { $steps ->
        [one] paso
       *[other] pasos
    }. En el paso { $current }: { $now }.
# La distancia de un puesto en la descripción de la gráfica de la carrera.
chart-race-seat = { $name }: { $distance }
# $where: el chart-race-seat de cada puesto, en una lista.
chart-race-label = Gráfica de la carrera: distancia que falta para sacar del tablero a lo largo de { $steps } { $steps ->
        [one] paso
       *[other] pasos
    }. En el paso { $current }: { $where }.
# $label: lo que muestra la gráfica (profile-chart).
chart-rating-label = { $label }: de { $from } a { $to } en { $games } { $games ->
        [one] partida puntuada
       *[other] partidas puntuadas
    }

## La cuenta

account-doc-title = Tu cuenta · Senet Online
account-heading = Tu cuenta
account-why = Con una cuenta conservas tus partidas y tus puntuaciones en todos tus dispositivos, y puedes jugar partidas puntuadas.
account-signup-heading = Crear cuenta
account-signup-note = Las partidas que jugaste en este navegador siguen siendo tuyas.
account-signup = Crear cuenta
account-login-heading = Iniciar sesión
account-login = Iniciar sesión
account-username = Nombre de usuario
account-password = Contraseña
account-username-short = El nombre de usuario debe tener al menos { $min } { $min ->
        [one] carácter
       *[other] caracteres
    }.
account-username-long = El nombre de usuario puede tener como máximo { $max } { $max ->
        [one] carácter
       *[other] caracteres
    }.
account-username-chars = Usa solo letras, cifras, - y _.
account-password-short = La contraseña debe tener al menos { $min } { $min ->
        [one] carácter
       *[other] caracteres
    }.
account-password-long = La contraseña puede tener como máximo { $max } { $max ->
        [one] carácter
       *[other] caracteres
    }.
account-rate-limited = Demasiados intentos. Vuelve a intentarlo dentro de { $seconds } { $seconds ->
        [one] segundo
       *[other] segundos
    }.
# Seguido del nombre de usuario, en negrita, y de account-shown-as.
account-signed-in = Sesión iniciada como
account-shown-as = (los demás te ven como { $name }).
account-profile-link = Tu perfil y tus puntuaciones
account-logout = Cerrar sesión
account-logout-all = Cerrar sesión en todos los dispositivos
account-password-heading = Cambia tu contraseña
account-password-note = Se cerrará la sesión en todos tus otros dispositivos.
account-current-password = Contraseña actual
account-new-password = Contraseña nueva
account-password-change = Cambiar la contraseña
account-welcome = Te damos la bienvenida, { $username }: tu cuenta está lista.
account-logged-in = Sesión iniciada como { $username }.
account-logged-out = Sesión cerrada.
account-logged-out-all = Sesión cerrada en todos los dispositivos.
account-password-changed = Contraseña cambiada; se cerró la sesión en tus otros dispositivos.

## Las clasificaciones

leaderboard-doc-title = Clasificaciones · Senet Online
leaderboard-heading = Clasificaciones
# Las pestañas de las clasificaciones de cada variante.
leaderboard-pools = Variantes
# La clasificación del senet de 2 a 4 jugadores en mesas de $seats.
leaderboard-pool-modern = Senet para { $seats } jugadores
leaderboard-note = Las mejores puntuaciones de los jugadores con una puntuación ya consolidada (desviación de { $deviation } como máximo) que han jugado aquí una partida puntuada en los últimos { $days } días.
leaderboard-loading = Cargando…
leaderboard-empty = Todavía no hay nadie en esta clasificación: juega partidas puntuadas para entrar en ella.
leaderboard-rank = Posición
leaderboard-player = Jugador
leaderboard-rating = Puntuación
leaderboard-games = Partidas puntuadas

## El perfil de un jugador

profile-doc-title = { $name } · Senet Online
profile-not-found-title = Jugador no encontrado · Senet Online
profile-not-found = Jugador no encontrado
profile-see-leaderboards = Ver las clasificaciones
profile-plays-as = Juega como { $name }
profile-ratings = Puntuaciones
profile-provisional = Un «?» marca una puntuación todavía provisional: cambia mucho con cada partida hasta que el jugador haya jugado lo suficiente.
profile-rule-set = Variante
profile-rating = Puntuación
profile-deviation = Desviación
profile-rated-games = Partidas puntuadas
profile-not-rated = todavía sin puntuación
profile-games = Partidas
profile-recent = Partidas recientes
profile-every-game = Todas las partidas de { $name }
# El título de una gráfica de puntuación. $pool: el nombre de la variante.
profile-chart = Puntuación en { $pool }
profile-totals = { $games } { $games ->
        [one] partida
       *[other] partidas
    }: { $wins } { $wins ->
        [one] ganada
       *[other] ganadas
    } y { $losses } { $losses ->
        [one] perdida
       *[other] perdidas
    }.

## Aprende a jugar: la página de /learn y /learn/{id} (src/learn/page.js)
## $ruleSet es el nombre de una variante; $piece es "piece" (ficha) o "pawn" (peón).

learn-page-doc-title = Aprende a jugar · Senet Online
learn-page-loading = Cargando las variantes…
learn-page-load-failed = No se pueden cargar las variantes
learn-page-no-such = Esa variante no existe
learn-page-all-lessons = Todas las lecciones
learn-page-title = Aprende a jugar
learn-page-intro = Elige una variante: juegas una partida contra la computadora de nivel principiante, y un consejo te explica cada regla cuando entra en juego por primera vez. Puedes salir cuando quieras.
# El botón de una lección en la lista y el título de su página.
learn-page-learn = Lección: { $ruleSet }
# $opponents: contra cuántas computadoras se juega la lección.
learn-page-lesson-intro = Juegas una partida contra { $opponents ->
        [one] la computadora de nivel principiante
       *[other] { $opponents } computadoras de nivel principiante
    }, sin reloj. Un consejo te explica cada regla cuando entra en juego por primera vez; { $piece ->
        [pawn] los peones que brillan son siempre los que puedes mover
       *[other] las fichas que brillan son siempre las que puedes mover
    }. Puedes salir cuando quieras.
learn-page-name = Tu nombre
learn-page-name-placeholder =
    .placeholder = p. ej., Nefertari
learn-page-start = Empezar la lección
learn-page-rules-first = Prefiero leer antes las reglas

## El panel de la lección junto al tablero (src/learn/panel.js)

learn-panel-title = Aprendiendo a jugar
learn-panel-waiting = La computadora está preparando el tablero…
learn-panel-earlier = Consejos anteriores
learn-panel-earlier-list =
    .aria-label = Consejos anteriores, del más reciente al más antiguo
learn-panel-leave = Salir de la lección
learn-panel-close = Cerrar la lección
learn-panel-play = Jugar una partida de verdad
learn-panel-another = Aprender otra variante

## Los consejos, cada uno la primera vez que la partida muestra su regla (src/learn/coach.js)
## $piece es "piece" (ficha, f.) o "pawn" (peón, m.).

# $colour: el color del lector; $summary: el resumen de la variante.
learn-tip-start = Juegas con { $colour } contra la computadora de nivel principiante. { $summary }
learn-tip-start-no-colour = Juegas contra la computadora de nivel principiante. { $summary }
# $side: "light" o "dark", el lado de los palillos que cuentan las reglas; $table: los
# learn-tip-chance-sticks-entry, unidos; $none: "ningún lado claro arriba"; $zero: lo que vale.
learn-tip-chance-sticks = Cada turno empieza tirando cuatro palillos. Cuenta los lados { $side ->
        [dark] oscuros
       *[light] claros
    } que quedan arriba: { $table } y { $none } vale { $zero }.
learn-tip-chance-sticks-entry = { $up ->
        [one] { $up } { $side ->
            [dark] oscuro
           *[light] claro
        } vale { $squares }
       *[other] { $up } { $side ->
            [dark] oscuros
           *[light] claros
        } valen { $squares }
    }
learn-tip-chance-die = Cada turno empieza tirando un dado: su número es cuántas casillas avanza { $piece ->
        [pawn] un peón
       *[other] una ficha
    }.
learn-tip-chance-dice = Cada turno empieza tirando dos dados: mueve { $piece ->
        [pawn] un peón la suma de ambos, o dos peones distintos
       *[other] una ficha la suma de ambos, o dos fichas distintas
    }, un dado cada { $piece ->
        [pawn] uno
       *[other] una
    }.
# $move: cuánto mueve la tirada, p. ej. "mover 2 casillas".
learn-tip-throw = Tu tirada: { $move }.
learn-tip-pass = { $piece ->
        [pawn] Ningún peón podía usar esa tirada, así que el turno pasó al otro bando.
       *[other] Ninguna ficha podía usar esa tirada, así que el turno pasó al otro bando.
    }
learn-tip-again = Esa tirada da derecho a otra: el mismo bando vuelve a tirar.
learn-tip-colour = La apertura decidió qué color lleva cada jugador.
learn-tip-out = Un jugador que no puede usar una tirada queda fuera de esta partida.
learn-tip-swapped = { $piece ->
        [pawn] Un peón cayó en un peón rival y los dos se intercambiaron: el alcanzado vuelve a la casilla de donde salió el que se movió.
       *[other] Una ficha cayó en una ficha rival y las dos se intercambiaron: la alcanzada vuelve a la casilla de donde salió la que se movió.
    }
learn-tip-sent-home = { $piece ->
        [pawn] Un peón cayó en un peón rival y lo mandó de vuelta a la salida.
       *[other] Una ficha cayó en una ficha rival y la mandó de vuelta a la salida.
    }
learn-tip-captured = { $piece ->
        [pawn] Un peón cayó en un peón rival y lo capturó.
       *[other] Una ficha cayó en una ficha rival y la capturó.
    }
learn-tip-borne-off = { $piece ->
        [pawn] Un peón salió del tablero: ha terminado su carrera.
       *[other] Una ficha salió del tablero: ha terminado su carrera.
    }
learn-tip-bounced = { $piece ->
        [pawn] Una tirada que se pasaba de la meta hizo rebotar el peón hacia atrás tantas casillas como sobraban.
       *[other] Una tirada que se pasaba de la meta hizo rebotar la ficha hacia atrás tantas casillas como sobraban.
    }
learn-tip-backward = { $piece ->
        [pawn] Ningún peón podía avanzar, así que un peón tuvo que retroceder.
       *[other] Ninguna ficha podía avanzar, así que una ficha tuvo que retroceder.
    }
learn-tip-entered = { $piece ->
        [pawn] Un peón entró en el tablero desde la reserva.
       *[other] Una ficha entró en el tablero desde la reserva.
    }
learn-tip-removed = { $piece ->
        [pawn] Un peón quedó fuera del juego para siempre.
       *[other] Una ficha quedó fuera del juego para siempre.
    }
learn-tip-effect = { $piece ->
        [pawn] La casilla en la que se detuvo un peón lo llevó a otra.
       *[other] La casilla en la que se detuvo una ficha la llevó a otra.
    }
learn-tip-opening = { $piece ->
        [pawn] La tirada de apertura movió un peón por sí sola, como dicen las reglas.
       *[other] La tirada de apertura movió una ficha por sí sola, como dicen las reglas.
    }
# $name: el nombre de la casilla especial ("Casa del Agua"); $square: su número.
learn-tip-water = { $piece ->
        [pawn] Un peón cayó en la casilla { $square } ({ $name }) y volvió tablero abajo.
       *[other] Una ficha cayó en la casilla { $square } ({ $name }) y volvió tablero abajo.
    }
learn-tip-water-unnamed = { $piece ->
        [pawn] El agua devolvió un peón tablero abajo.
       *[other] El agua devolvió una ficha tablero abajo.
    }
# $name y $effect: el nombre de la casilla especial y lo que hace.
learn-tip-square = La casilla { $square } se llama { $name }: { $effect }
learn-tip-decide = { $piece ->
        [pawn] Los peones que brillan son los que pueden moverse con esta tirada. Señala uno (o tócalo) para ver adónde va, y luego juégalo.
       *[other] Las fichas que brillan son las que pueden moverse con esta tirada. Señala una (o tócala) para ver adónde va, y luego juégala.
    }
# $reason: por qué, en una o dos frases.
learn-tip-blocked = { $piece ->
        [pawn] El peón
       *[other] La ficha
    } de la casilla { $square } no puede moverse ahora. { $reason }
# $result: quién ganó y cómo, en una frase.
learn-tip-end = { $result } Y eso es todo: ya sabes cómo se juega la variante { $ruleSet }.

## La página de reglas, /rules: una tarjeta por variante (src/pages/rules.js)

rules-page-doc-title = Reglas · Senet Online
rules-page-loading = Cargando las reglas…
rules-page-title = Las reglas
# Le siguen los nombres de las variantes, cada uno con su enlace.
rules-page-intro = Senet Online tiene { $count ->
        [one] una variante:
       *[other] { $count } variantes:
    }
rules-page-none = No se han podido cargar las variantes.
rules-page-seats = { $count ->
        [one] { $count } jugador
       *[other] { $count } jugadores
    }
rules-page-seats-range = De { $min } a { $max } jugadores
# $start: "reserve" o "board", dónde empiezan las fichas.
rules-page-pieces = { $piece ->
        [pawn] { $count ->
            [one] { $count } peón por jugador, que empieza
           *[other] { $count } peones por jugador, que empiezan
        }
       *[other] { $count ->
            [one] { $count } ficha por jugador, que empieza
           *[other] { $count } fichas por jugador, que empiezan
        }
    } { $start ->
        [reserve] en una reserva fuera del tablero
       *[board] en el tablero
    }
# $values: los valores de las fichas, "1, 2, 3, 4, 5".
rules-page-pieces-valued = { $piece ->
        [pawn] { $count ->
            [one] { $count } peón por jugador, con valor
           *[other] { $count } peones por jugador, con valores
        }
       *[other] { $count ->
            [one] { $count } ficha por jugador, con valor
           *[other] { $count } fichas por jugador, con valores
        }
    } { $values } (indicados con puntos), que { $count ->
        [one] empieza
       *[other] empiezan
    } { $start ->
        [reserve] en una reserva fuera del tablero
       *[board] en el tablero
    }
rules-page-chance-sticks = cuatro palillos
rules-page-chance-die = un dado
rules-page-chance-dice = dos dados
rules-page-full-rules = Las reglas completas
rules-page-learn = Aprende a jugar

## La página de reglas: las reglas completas de todas las variantes, en Markdown (la página lo
## muestra). Es la traducción de docs/rules.md, con la misma estructura: mismos encabezados,
## listas, tablas y bloques de código (lo comprueba test/unit/rules-text.test.js). La negrita se
## escribe __así__ (en Fluent una línea sangrada no puede empezar por "*"). La notación y los
## códigos entre comillas invertidas y en los bloques de código no se traducen.

rules-full =
    # Cómo jugar al senet (reglas estándar)

    Senet Online juega por defecto con la __variante estándar__ (`kendall`): la
    reconstrucción de Timothy Kendall de 1978, con la posición inicial de R. C. Bell
    y la numeración de casillas de Piccione. La especificación vinculante es
    `rules-kendall.md`, en la carpeta de especificaciones del equipo; esta página
    cuenta lo mismo en el lenguaje de los jugadores. Cada punto en el que los textos antiguos
    no son claros y tuvimos que decidir está marcado como __Decisión__.

    ## El tablero

    Treinta casillas en tres filas de diez. Las fichas recorren un camino en forma de S:

    ```
    fila 1:  1  2  3  4  5  6  7  8  9 10    → de izquierda a derecha
    fila 2: 20 19 18 17 16 15 14 13 12 11    ← de derecha a izquierda
    fila 3: 21 22 23 24 25 26 27 28 29 30    → de izquierda a derecha
    ```

    «Al lado de» significa siempre el número siguiente a lo largo del camino, así
    que 10 y 11 son vecinas (además se tocan en la cuadrícula), y también lo son 20
    y 21.

    | casilla | nombre | qué hace |
    |---|---|---|
    | 15 | Casa del Renacimiento | adonde vuelve una ficha que cayó en la Casa del Agua |
    | 26 | Casa de la Felicidad | toda ficha debe detenerse aquí antes de seguir |
    | 27 | Casa del Agua | una ficha que cae aquí es arrastrada al instante de vuelta a la 15 |
    | 28 | Casa de las Tres Verdades | una ficha aquí está a salvo; sale del tablero con exactamente 3 |
    | 29 | Casa de Re-Atum | una ficha aquí está a salvo; sale del tablero con exactamente 2 |
    | 30 | Casa de Horus | una ficha aquí sale del tablero con exactamente 1; __no__ está a salvo por sí sola |

    ## Fichas y posición inicial

    Dos jugadores, __Cono__ y __Carrete__, con cinco fichas cada uno. Cono empieza en
    1, 3, 5, 7 y 9; Carrete, en 2, 4, 6, 8 y 10. Cono tira primero.

    ## Tirar los palillos

    Cuatro palillos, claros por un lado y oscuros por el otro. Cuenta los lados claros:

    | lados claros | avanzas | probabilidad | ¿vuelves a tirar? |
    |---|---|---|---|
    | 1 | 1 | 4 de 16 | sí |
    | 2 | 2 | 6 de 16 | no |
    | 3 | 3 | 4 de 16 | no |
    | 4 | 4 | 1 de 16 | sí |
    | ninguno | 5 | 1 de 16 | sí |

    En línea, el servidor tira los palillos por ti cuando se lo pides; nadie puede
    elegir ni ver una tirada de antemano.

    ## Mover

    Mueve __una__ ficha hacia delante tantas casillas como marque la tirada. El
    movimiento solo está permitido si:

    1. __Parada en 26.__ Una ficha que está por debajo de 26 no puede saltar más
       allá de 26: primero tiene que caer exactamente en 26. (Desde 24 no se puede
       jugar un 3; un 2, sí.)
    2. __Salir del tablero__ requiere la tirada exacta desde las tres últimas
       casillas: un 3 desde 28, un 2 desde 29 y un 1 desde 30. Ninguna otra tirada
       saca una ficha del tablero, y un movimiento que se pasaría del final no está
       permitido. __Decisión:__ 26 + 5 *no* saca la ficha del tablero. Mover de
       28→29, 28→30 o 29→30 es un movimiento normal.
    3. __Bloqueos.__ Tres o más fichas rivales en casillas consecutivas forman un
       bloqueo; no puedes saltar por encima de ninguna de sus casillas. Dos seguidas
       sí se pueden saltar. Tus propias fichas nunca te bloquean.
    4. __Dónde caes:__
       - no en una ficha tuya;
       - no en una ficha rival __protegida__: una que esté en 28 o 29, o una que
         tenga una ficha de su mismo bando justo al lado (en la casilla anterior o
         en la siguiente);
       - si caes en una ficha rival sin protección, la __capturas__: las dos
         intercambian su lugar, y la ficha capturada vuelve a la casilla de la que
         saliste;
       - si caes en la Casa del Agua (27), tu ficha va directamente a la 15 o, si la
         15 está ocupada (por cualquiera de los dos bandos), a la casilla vacía más
         alta por debajo de 15.

    __Decisión:__ la 26 no da protección, así que una ficha sola en 26 puede ser
    capturada, y lo mismo una ficha sola en 30.

    ## Cuando no puedes avanzar

    - __Retroceso obligatorio.__ Si ninguna ficha puede avanzar, y al menos una
      ficha quedó bloqueada *solo* porque una ficha de su propio bando ocupa la
      casilla donde caería (no incumplió ninguna de las reglas 1–3), debes mover
      __hacia atrás__ una ficha a tu elección, hasta la casilla vacía más cercana
      que tenga detrás. No se puede elegir una ficha que no tenga ninguna casilla
      vacía detrás. Al retroceder nunca se captura, y los bloqueos no cuentan.
      __Decisión:__ una ficha que retrocede hasta la 27 cae al agua y va a la 15
      como cualquier otra.
    - En cualquier otro caso __pierdes el turno__: no se mueve nada y tira el rival.

    ## De quién es el turno

    Después de un movimiento con un 1, un 4 o un 5 vuelves a tirar; después de un 2
    o un 3 tira el rival.
    __Decisión:__ perder el turno siempre pone fin a tu turno, aunque hayas sacado 1, 4 o 5.

    ## Ganar

    El primer jugador que saca del tablero sus cinco fichas gana en el acto.

    ## Escribir posiciones y partidas

    Una __posición__ se escribe con 30 caracteres para las casillas 1 a 30 (`c` Cono, `s` Carrete, `.`
    vacía), un espacio y el bando al que le toca tirar. Las fichas que no están en
    el tablero ya han salido. La posición inicial es:

        cscscscscs.................... c

    Un __registro de partida__ enumera los turnos desde el inicio, un elemento por
    turno: la tirada, dos puntos y la casilla de la ficha movida, o `-` si se perdió
    el turno:

        3:9 1:14 5:- 2:11 …

    Pruébalo con la herramienta de línea de comandos: `senet moves "cscscscscs.................... c" 3`
    enumera cada movimiento legal junto con la posición a la que lleva.

    # Las otras variantes

    Senet Online juega todas las reconstrucciones de las reglas; cada una tiene su
    propia página más abajo.

    ## Cómo jugar a Senet-modern (2, 3 o 4 jugadores)

    Senet-modern (variante `modern`) es un juego familiar moderno sobre el tablero
    del senet: dos dados, fichas que valen puntos y de dos a cuatro jugadores. La
    especificación vinculante es `rules-modern.md`, en la carpeta de
    especificaciones del equipo; esta página cuenta lo mismo en el lenguaje de los jugadores.
    Lo que tuvimos que decidir, nosotros o la especificación, está marcado como
    __Decisión__.

    ### El tablero

    Las mismas treinta casillas de todo senet, a lo largo del camino en S de 1 a 30.
    La casilla 1 es el __Sol__, donde empieza todo; un paso más allá de 30 está la
    __meta__.

    | casilla | nombre | qué hace |
    |---|---|---|
    | 1 | el Sol | la salida; aquí vuelven las fichas golpeadas o que se detienen en la Luna |
    | 26 | la Luna | una ficha que se detiene aquí vuelve al Sol |
    | 27 | el Ave | una ficha que se detiene aquí vuela de vuelta a la 15, o a la casilla vacía más cercana por debajo de 15 |
    | 28, 29, 30 | casillas seguras | una ficha que está aquí no puede ser golpeada por una ficha que venga de antes de 26 |

    ### Jugadores y fichas

    Lo habitual es jugar entre dos; también pueden jugar tres o cuatro. Los
    jugadores son J1 a J4 (`a` a `d` en las posiciones escritas). Cada uno tiene
    cinco fichas que llevan de 1 a 5 puntos: los puntos de una ficha son lo que
    suma cuando llega a la meta.

    Las fichas empiezan una junto a otra a partir del Sol, las de más puntos
    primero, alternando jugadores: con dos jugadores, el 5 de J1 en el Sol, el 5 de
    J2 en la 2, el 4 de J1 en la 3, y así hasta el 1 de J2 en la 10. Con tres o
    cuatro, el patrón simplemente continúa (con cuatro, los 5 ocupan 1–4 y los 1,
    17–20). Juega primero J1, luego J2, y así sucesivamente.

    ### Tu turno

    Tira __dos dados__. Después, o bien

    - mueves __una__ ficha tantas casillas como la __suma__ de los dados, o
    - __divides__ los dados: mueves una ficha lo que marca un dado y luego una
      ficha __distinta__ lo que marca el otro. Tú eliges qué dado usar primero.

    Con dobles, al dividir mueves dos fichas distintas el mismo número de casillas.

    Si, después de tu primer dado, ninguna otra ficha puede usar el segundo, tu
    turno simplemente termina con un solo dado usado. Si otra ficha puede usarlo,
    debes usarlo.

    __Tu última ficha.__ Cuando solo te queda una ficha en el tablero, eliges antes
    de tirar si tiras un dado o dos. Con dos dados, tu única ficha avanza la suma de
    ambos.

    ### Mover

    - No puedes detenerte en una ficha tuya.
    - __Golpear.__ Detenerte en la ficha de otro jugador la manda de vuelta al Sol.
      Si ya hay una ficha en el Sol (de quien sea, incluso tuya), esa ficha queda
      __fuera de la partida para siempre__ y nunca puntúa; la ficha golpeada ocupa
      el Sol. __Decisión:__ una ficha que sale del Sol lo deja vacío, así que la
      ficha a la que golpee va al Sol sin dejar a ninguna fuera de la partida.
    - __La meta.__ Llegar exactamente a la meta (un paso más allá de 30) saca la
      ficha del tablero y suma sus puntos. Una cuenta que se pasa llega a la meta y
      __rebota hacia atrás__ lo que sobra: desde 28 con un 5 llegas a la meta y
      retrocedes dos casillas hasta la 29. La casilla donde termina un rebote cuenta
      como la de cualquier otro movimiento (puedes golpear ahí, no puedes detenerte
      en una ficha tuya, y la Luna y el Ave tienen efecto), y rebotar hasta la
      casilla de la que saliste es un movimiento legal (28 con 6, 29 con 4, 30 con
      2).
    - __La Luna (26)__ manda de vuelta al Sol a la ficha que se detiene en ella, con
      la misma regla si el Sol está ocupado.
    - __El Ave (27)__ manda a la ficha que se detiene en ella de vuelta a la 15 o,
      si la 15 está ocupada, a la casilla vacía más cercana por debajo. Si todas las
      casillas de la 1 a la 15 están ocupadas, no puedes detenerte en la 27.
      __Decisión:__ la casilla que tu ficha acaba de dejar cuenta como vacía (desde
      15 con un 12, la ficha vuela de vuelta a la 15).
    - __Casillas seguras (28–30).__ Una ficha que venga de antes de 26 no puede
      detenerse en una ficha que esté en 28, 29 o 30. Una ficha que ya esté en 26–30
      sí puede golpear ahí.
    - __Hay que seguir.__ Si tienes fichas en 28–30 y alguna de ellas puede moverse,
      debes mover una de ellas. Esto se comprueba en cada movimiento de tu turno: en
      tu primer movimiento y de nuevo con el segundo dado de una división.

    ### No se puede pasar

    Si no puedes usar tu tirada de ninguna manera, __pierdes y abandonas la
    partida__: tus fichas salen del tablero (ya no suman nada más, pero lo que ya
    sacaste sigue contando para las puntuaciones). Usar un dado de una división
    cuenta como usar la tirada. Un jugador al que no le quedan fichas en el tablero
    sigue tirando, no puede mover y, por tanto, abandona. Con tres o cuatro
    jugadores, los demás siguen jugando.

    __Rendirse o abandonar__ una partida de tres o cuatro jugadores te deja fuera
    de la misma manera: tus fichas salen del tablero, te clasificas como un jugador
    que se fue en ese momento y, si era tu turno, el siguiente jugador que siga en
    la partida empieza el suyo. Cuando solo queda un jugador, la partida termina y
    ese jugador queda primero. Con dos jugadores, rendirse o abandonar termina la
    partida y gana el otro jugador.

    ### El final y la puntuación

    La partida termina en cuanto alguien ha sacado __tres fichas__ (incluso entre
    los dos movimientos de una división), o en cuanto solo queda un jugador.

    Gana el mayor total de puntos sacados; después van los demás, por orden de sus
    totales. Con totales iguales, queda por delante el jugador que sacó más fichas
    y, después, el que sacó una ficha antes. __Decisión:__ si ni siquiera eso
    decide (ninguno sacó nada), queda por delante el jugador del puesto
    anterior. Los jugadores
    que abandonaron la partida quedan los últimos, y el que se fue más tarde, por
    delante del que se fue antes.

    ### Escribir posiciones

    Una posición se escribe con las 30 casillas (`.` o la letra de un puesto y los
    puntos), el número de jugadores, de quién es el turno y en qué punto está, y después las
    fichas sacadas, las que quedaron fuera de la partida y los jugadores que
    abandonaron. La posición inicial con dos jugadores:

        a5b5a4b4a3b3a2b2a1b1.................... 2 a:roll2 off:- removed:- out:-

    `docs/notation.md` (el apartado sobre el texto de posición de Senet-modern) la describe completa.

    ## Cómo jugar al senet: Senda del Peligro (`peril`)

    Senda del Peligro es el juego de fiesta rápido y caótico de Senet Online. Usa
    el tablero del senet, pero con un dado en lugar de los palillos, peones que
    entran al tablero desde una reserva, capturas que sacan peones de la partida
    para siempre y cinco casillas peligrosas al final del camino. Es la única
    variante en la que basta con que un peón llegue al final para ganar. La
    especificación vinculante es `rules-peril.md`, en la carpeta de
    especificaciones del equipo; esta página cuenta lo mismo en el lenguaje de los jugadores.
    Donde la especificación tuvo que decidir un punto poco claro, está marcado como
    __Decisión__.

    ### El tablero y los peones

    Las treinta casillas de siempre, numeradas a lo largo del camino en S:

    ```
    fila 1:  1  2  3  4  5  6  7  8  9 10    → de izquierda a derecha
    fila 2: 20 19 18 17 16 15 14 13 12 11    ← de derecha a izquierda
    fila 3: 21 22 23 24 25 26 27 28 29 30    → de izquierda a derecha
    ```

    Dos jugadores, __Cono__ y __Carrete__, con siete peones cada uno. Todos empiezan
    en la __reserva__ de su dueño, fuera del tablero; el tablero empieza vacío. Cono
    tira primero.

    ### Tu turno

    El servidor tira por ti un dado de seis caras. No hay tiradas extra: después de
    tu turno, tira tu rival.

    - __1, 2 o 3:__ mueve hacia delante uno de tus peones del tablero lo que marque
      la tirada.
    - __4, 5 o 6:__ o bien mueves un peón hacia delante lo que marque la tirada, o
      bien __invocas__ un peón de tu reserva: un 4 lo pone en la casilla 1, un 5 en
      la 2 y un 6 en la 3. Solo puedes invocar a una casilla vacía.
    - No puedes caer en un peón tuyo, ni pasar de la 30: un peón solo llega a la 30
      con la tirada exacta.
    - __Captura:__ caer en un peón rival lo elimina de la partida para
      siempre.
    - Si no puedes ni mover ni invocar, pasa tu turno.

    Eliges tú incluso cuando solo hay una cosa que puedas hacer.

    ### Las casillas especiales

    El efecto de una casilla ocurre cuando un peón termina su movimiento en ella.

    | casilla | nombre | qué pasa |
    |---|---|---|
    | 15 | Anj del Renacimiento | Toma un peón de tu reserva y colócalo en la casilla vacía que elijas entre la 1, la 2 y la 3. No pasa nada si tu reserva está vacía o las tres casillas están ocupadas. |
    | 26 | Percha del Buitre | El servidor tira. Con 1–4 debes eliminar de la partida uno de __tus propios__ peones (el de la 26 también cuenta). Con 5–6 eliminas uno de los peones de tu __rival__ que estén en el tablero; si no tiene ninguno en el tablero, no pasa nada. |
    | 27 | Río del Olvido | __Todos__ los peones del tablero, de ambos bandos y también el tuyo de la 27, son arrastrados de vuelta a la salida (ver más abajo). |
    | 28 | Prueba de los Tres Dioses | El servidor tira. Un __3 gana la partida__ en el acto. Cualquier otro número manda tu peón a esa casilla (ver más abajo). |
    | 29 | Ojo del Juicio | Tu peón queda eliminado de la partida. |
    | 30 | Puertas de Aaru | Caer aquí todavía no da la victoria. Al comienzo de cada uno de tus turnos siguientes, si sacas un __6, ganas__. Cualquier otra tirada la juegas como siempre, con tus otros peones o invocando, y tu peón espera en la 30, donde puede ser capturado. |

    #### El Río, peón a peón

    Los peones son arrastrados de uno en uno, empezando por el más cercano al final
    (la casilla 30) y bajando hasta la casilla 1. Para cada peón, el servidor tira:

    | tirada | 1–2 | 3–4 | 5–6 |
    |---|---|---|---|
    | el peón va a | 1 | 2 | 3 |

    Si esa casilla está ocupada, el peón va a la siguiente libre en el orden 1, 2,
    3, y vuelta a empezar (así, desde la 3 prueba la 1 y luego la 2). Si la 1, la 2
    y la 3 están todas ocupadas, el peón vuelve a la reserva de su dueño. Ser
    colocado en 1–3 por el Río no activa nada.

    __Decisión:__ el peón arrastrado se levanta primero, así que su propia
    casilla cuenta como libre; los peones que aún no han sido arrastrados siguen en
    sus casillas y las bloquean. El servidor tira para cada peón, incluso cuando la
    tirada no puede cambiar adónde va, y cada tirada queda en el registro de la
    partida.

    #### Los otros números de la Prueba

    Con un 1, 2, 4, 5 o 6, tu peón deja la 28 y va a la casilla de ese número:

    - si ahí hay un peón rival, queda capturado, como en un movimiento normal;
    - si ahí hay uno de tus propios peones, tu peón va en su lugar a la casilla
      vacía más cercana por debajo de ella; si no hay ninguna, vuelve a tu reserva.

    __Decisión:__ «vacía» significa sin ningún peón de ninguno de los dos bandos,
    así que esta alternativa se salta los peones rivales y nunca captura.

    ### Ganar y perder

    - __Ganas en el acto__ si superas la Prueba (un 3 en la 28) o las Puertas (un 6
      al comienzo de tu turno con un peón en la 30).
    - Un jugador al que __no le quedan peones__ (ninguno en el tablero y ninguno en
      la reserva) __pierde__.
    - __Decisión:__ si alguien se ha quedado sin peones se decide solo cuando tu
      movimiento y todos sus efectos han terminado (así, el Anj, el Buitre, el Río o
      la Prueba siguen ocurriendo después de tu última captura).
    - __Decisión:__ si un efecto deja a ambos jugadores sin peones (por ejemplo, tu
      último peón captura el último peón de tu rival en la 26 y luego el Buitre te
      obliga a eliminarlo), gana el jugador al que le toca el turno.

    ### En línea

    El servidor tira cada dado (la tirada del turno, la del Buitre, una por peón en
    el Río y la de la Prueba) y registra cada uno. Cuando el Anj o el Buitre te
    piden que elijas, la partida espera tu elección, que el servidor comprueba como
    un movimiento.

    ## Cómo jugar las otras variantes de palillos

    Además de las reglas estándar (`kendall`, ver `rules.md`), Senet Online conoce
    otras tres variantes que se juegan con cuatro palillos sobre el mismo tablero de
    treinta casillas: el __juego de siete fichas__ de Kendall (`kendall-7`), la
    popular __versión web__ (`simple`) y la __reconstrucción de Jéquier__
    (`jequier`). Las especificaciones vinculantes son `rules-kendall7.md`,
    `rules-simple.md` y `rules-jequier.md`, en la carpeta de especificaciones del
    equipo; esta página cuenta lo mismo en el lenguaje de los jugadores. Donde
    hubo que decidir una regla, está marcado como __Decisión__.

    El tablero y su numeración son los de las reglas estándar:

    ```
    fila 1:  1  2  3  4  5  6  7  8  9 10    → de izquierda a derecha
    fila 2: 20 19 18 17 16 15 14 13 12 11    ← de derecha a izquierda
    fila 3: 21 22 23 24 25 26 27 28 29 30    → de izquierda a derecha
    ```

    «Al lado de» significa siempre el número siguiente a lo largo del camino (10 y
    11 son vecinas). Una ficha que cae en una ficha rival sin protección siempre la
    __captura__ intercambiándose con ella: la ficha capturada va a la casilla de la
    que vino la atacante. Ninguna ficha se queda nunca en la 27, la Casa del Agua.

    En todas las variantes el servidor tira los palillos; nadie elige ni ve una
    tirada de antemano. Cuando una tirada no permite ningún movimiento, el turno
    pasa sin otra tirada, sea cual sea el resultado.

    ### El juego de siete fichas de Kendall (`kendall-7`)

    Todo es como en las reglas estándar (`rules.md`), salvo lo siguiente:

    - __Fichas.__ Siete cada uno. Cono empieza en 1, 3, 5, 7, 9, 11 y 13; Carrete,
      en 2, 4, 6, 8, 10, 12 y 14.
    - __La apertura.__ Al principio nadie tiene color. Un sorteo decide qué jugador
      tira primero; después los dos jugadores tiran por turnos, una vez cada uno,
      hasta que uno de ellos saca un __1__. Las demás tiradas no mueven nada ni dan
      una segunda tirada; solo pasan los palillos al otro jugador.
      - Quien saca el 1 juega con __Carrete__; el otro jugador juega con Cono.
      - Ese 1 se juega en el acto según las reglas: la ficha de Carrete que está en
        14 pasa a 15.
      - Como un 1 da otra tirada, el jugador de Carrete vuelve a tirar, como en un
        turno normal.
      - __Decisión:__ las tiradas de la apertura forman parte del registro de la
        partida.
    - __Casas seguras.__ Una ficha en __15, 26, 28 o 29__ no puede ser capturada.
      __Decisión:__ a diferencia de las reglas estándar, una ficha sola en 26 está
      a salvo. Una ficha sola en 30 sigue sin estarlo. La protección por una vecina
      del mismo bando y los bloqueos de tres funcionan como en las reglas estándar.
    - __Ganar.__ Gana el primero que saca del tablero sus siete fichas.

    Las tiradas (de 1 a 5, contando los lados claros; ninguno claro = 5), la parada
    en 26, la salida exacta desde 28, 29 y 30, la Casa del Agua (a la 15 o, si no,
    a la casilla vacía más alta por debajo de 15), el retroceso obligatorio y la
    pérdida del turno son los de las reglas estándar.

    ### La versión web (`simple`)

    Un juego más ligero: sin parada en 26, sin bloqueos y sin movimientos hacia
    atrás.

    - __Fichas.__ Cinco cada uno en la fila de arriba: Cono en 1, 3, 5, 7, 9 y
      Carrete en 2, 4, 6, 8, 10. Cono tira primero.
    - __Tiradas.__ Cuenta los lados __oscuros__; ninguno oscuro cuenta 6. Así, las
      tiradas son 1, 2, 3, 4 y 6, que salen 4, 6, 4, 1 y 1 veces de cada 16
      (__Decisión:__ cada palillo cae oscuro o claro con la misma probabilidad).
      Después de un movimiento con un __1, 4 o 6__ vuelves a tirar; con 2 o 3 pasa
      el turno.
    - __Mover.__ Mueve una ficha hacia delante lo que marque la tirada. Puedes
      saltar por encima de cualquier ficha; no hay bloqueos ni ninguna casilla en
      la que debas detenerte. No puedes caer en una ficha tuya.
    - __Fichas defendidas.__ Una ficha está defendida cuando tiene una ficha de su
      propio bando justo al lado, o cuando está en una casilla segura: __26, 28 o
      29__. No puedes caer en una ficha defendida; caer en una no defendida la
      captura. (La 15 y la 30 no son casillas seguras.)
    - __Agua.__ Una ficha que cae en la 27 vuelve a la 15 o, si la 15 está ocupada,
      a la casilla vacía más cercana por debajo de 15.
    - __Salir del tablero.__ Un movimiento que pasa de 30 saca la ficha del
      tablero, desde cualquier casilla __excepto 28 y 29__: una ficha en 28 solo
      sale con exactamente 3, y una ficha en 29 solo con exactamente 2 (desde 28 un
      1 o un 2, y desde 29 un 1, son movimientos normales a 29 o 30).
    - __Sin movimiento.__ Si ninguna ficha puede moverse, pasa el turno, sin otra
      tirada aunque haya salido 1, 4 o 6. No hay movimientos hacia atrás.
    - __Ganar.__ Gana el primero que saca del tablero sus cinco fichas.

    ### La reconstrucción de Jéquier (`jequier`)

    Las reglas de G. Jéquier, confirmadas por E. B. Pusch, con muros, movimientos
    hacia atrás y una puntuación para el ganador.

    - __Fichas.__ Cinco cada uno: __Blanco__ en 1, 3, 5, 7, 9 y __Negro__ en 2, 4,
      6, 8, 10. La fila 3 (de 21 a 30) es la fila de salida.
    - __Tiradas.__ Cuenta los lados planos; ninguno plano cuenta 6. No hay 5. Las
      tiradas 1, 2, 3, 4 y 6 salen 4, 6, 4, 1 y 1 veces de cada 16. Después de un
      movimiento con un __1, 4 o 6__ vuelves a tirar; con 2 o 3 pasa el turno.
      __Decisión:__ el lado plano de un palillo es su lado claro, así que en línea
      los palillos muestran los lados planos como claros.
    - __La apertura.__ Como en el juego de siete fichas: un sorteo decide quién
      tira primero, y los jugadores tiran por turnos hasta que uno saca un __1__.
      Ese jugador juega con __Negro__, el 1 mueve en el acto la ficha de Negro de
      la 10 a la 11, y Negro vuelve a tirar. El otro jugador juega con
      Blanco. Las demás tiradas de la apertura no mueven nada.
    - __El primer movimiento de Blanco__ tiene que hacerse con la ficha de la
      __9__. __Decisión:__ hasta que Blanco haya movido una vez, y mientras haya
      una ficha de Blanco en la 9, solo esa ficha puede moverse. Si no puede
      moverse con la tirada, Blanco pierde el turno y la regla sigue valiendo la
      vez siguiente. Si no hay ninguna ficha de Blanco en la 9 (Negro la
      capturó), Blanco puede mover cualquier ficha, pero si una ficha de Blanco
      volviera a la 9 por un intercambio antes del primer movimiento de Blanco,
      la regla vuelve a valer.
    - __Mover.__ Mueve una ficha hacia delante lo que marque la tirada. Puedes
      saltar por encima de fichas de cualquier color, pero nunca por encima de un
      __muro__ rival, y no puedes caer en una ficha tuya.
    - __Muros.__ Tres o más fichas de un mismo bando en casillas consecutivas forman
      un muro. El rival no puede caer en él ni pasar por encima, ni hacia delante ni
      hacia atrás. Tus propios muros nunca te detienen.
    - __Fichas protegidas.__ No puedes caer en una ficha que tenga una ficha de su
      propio bando justo al lado, ni en una ficha que esté en un __refugio: 26, 28,
      29 o 30__. Caer en cualquier otra ficha rival la captura.
    - __Agua.__ Una ficha que cae en la 27, con cualquier movimiento, vuelve a la
      casilla __1__, o a la casilla vacía más baja si la 1 está ocupada, y empieza
      de nuevo.
    - __Movimientos hacia atrás.__ Si ninguna de tus fichas puede avanzar, debes
      mover una ficha __hacia atrás la tirada completa__ hasta una casilla vacía,
      sin pasar por encima de un muro rival. Si tampoco ninguna ficha puede hacer
      eso, se pierde el turno. __Decisión:__ perder el turno nunca da otra tirada;
      un movimiento hacia atrás con un 1, 4 o 6 sí la da, como uno hacia delante.
    - __Salir del tablero.__ Solo mientras __todas__ las fichas que aún tienes en el
      tablero estén en la fila de salida. Entonces una ficha que cae __exactamente
      en 30__ sale del tablero en el acto. Ningún movimiento puede pasar de 30.
      __Decisión:__
      - Una ficha puede llegar a la 30 antes; espera allí, a salvo.
      - Cuando todas tus fichas están en la fila de salida, una ficha que espera en
        la 30 sale con cualquier tirada, cuando decides moverla (nunca sale sola).
      - Si una de tus fichas es capturada y vuelve a la fila 1 o 2, no puedes sacar
        fichas del tablero hasta que vuelva a estar en la fila de salida.
    - __Ganar y puntuación.__ Gana el primero que saca del tablero sus cinco fichas.
      El ganador suma __5 puntos__, más, por cada ficha rival que siga en el
      tablero, 1 punto si está en la fila 3, 2 si está en la fila 2 y 3 si está en
      la fila 1; el perdedor suma 0. A lo largo de una serie de partidas en la misma
      sala (revanchas), las puntuaciones se acumulan, y la sala muestra la
      puntuación acumulada.

    ### Escribir posiciones

    Las posiciones se escriben como en las reglas estándar: 30 caracteres y el bando
    al que le toca tirar; `docs/notation.md` (el apartado sobre el texto de posición de las variantes de palillos) explica lo nuevo (la `w` y la `b` de Jéquier, y la `o`
    mientras dura una apertura). La herramienta de línea de comandos enumera los
    movimientos legales de cualquiera de las cuatro variantes de palillos:

        senet moves --rules jequier "wbwbwbwbw.b................... b" 2
