# Senet Online — English, the source language. Every other catalogue has
# exactly these messages and attributes (test/unit/i18n.test.js and the
# server's tests check it).
#
# Arguments: numbers are passed as numbers (plurals and digits follow the
# language); $piece is the rule set's kind of piece, "piece" or "pawn".

## The page around every view (index.html, rendered by the server)

page-title = Senet Online
page-description =
    .content = Play Senet, the race game of ancient Egypt, with a friend in your browser.
page-skip = Skip to the game
page-brand =
    .aria-label = Senet Online, home
page-nav =
    .aria-label = Pages
nav-rules = Rules
nav-games = Games
nav-leaderboard = Leaderboards
nav-account = Account
page-language = Language
page-loading = Loading…
page-noscript = Senet Online needs JavaScript to play.
page-footer = Six rule sets, two to four players. The server draws every chance (sticks and dice); nobody can see a throw in advance.
dialog-sure = Are you sure?
dialog-cancel = Cancel
dialog-yes = Yes
page-not-found = Page not found
page-not-found-home = Go to the home page
