// The page of `wonders serve`: set up a game, play or watch it, replay a record.
// Everything shown comes from the server's JSON (see wonders_web/app.py); the page keeps no
// game state of its own, so a reload or a new tab resumes from the server. It keeps the secrets
// the server gives (a game's owner secret, its seats' tokens and invitations) in localStorage and
// sends them in the X-Wonders-Tokens header: a reload or a restarted server resumes its seats.
"use strict";

const TAB = sessionStorage.getItem("tab") || Math.random().toString(36).slice(2);
sessionStorage.setItem("tab", TAB);
const SECRETS_KEY = "wonders-secrets";  // game id -> {owner, tokens: {seat: token}, invites: {seat: invite}}
const POLL_MS = 300;
let setup = null;
let resourceNames = {};  // letter -> name, of the game shown (its table's resource_names)
let current = null;      // {kind: "game"|"replay", id, seat, turn}
let lastJson = "";
let lastView = null;
let pollTimer = null;
let takeOver = false;
let requestCount = 0;     // every game request is numbered: an answer older than the shown one is dropped
let shownRequest = 0;

const $ = (id) => document.getElementById(id);

function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined && text !== null) node.textContent = text;
  return node;
}

function allSecrets() {
  try { return JSON.parse(localStorage.getItem(SECRETS_KEY)) || {}; } catch (error) { return {}; }
}

function gameSecrets(id) {
  const held = allSecrets()[id] || {};
  return {owner: held.owner || null, tokens: held.tokens || {}, invites: held.invites || {}};
}

function keepSecrets(id, secrets) {
  const all = allSecrets();
  all[id] = secrets;
  localStorage.setItem(SECRETS_KEY, JSON.stringify(all));
}

function tokensOf(secrets) {
  return [secrets.owner, ...Object.values(secrets.tokens)].filter(Boolean);
}

async function api(method, path, body, tokens) {
  const options = {method, headers: {"Content-Type": "application/json"}};
  if (tokens && tokens.length) options.headers["X-Wonders-Tokens"] = tokens.join(",");
  if (body !== undefined) options.body = typeof body === "string" ? body : JSON.stringify(body);
  const response = await fetch(path, options);
  const data = await response.json().catch(() => ({error: `the server answered ${response.status}`}));
  if (!response.ok) {
    const error = new Error(data.error || `the server answered ${response.status}`);
    error.status = response.status;
    throw error;
  }
  return data;
}

function showMessage(text, kind) {
  const box = $("message");
  box.textContent = text || "";
  box.className = text ? (kind || "error") : "hidden";
}

function showSection(name) {
  for (const id of ["setup", "games", "replay-load", "play"]) $(id).classList.toggle("hidden", id !== name);
}

// ------------------------------------------------------------------ cards and pieces
function resourceIcons(letters) {
  const box = el("span", "cost-resources");
  for (const letter of letters || "") {
    const icon = el("span", `res res-${letter}`, letter);
    icon.title = resourceNames[letter];
    box.appendChild(icon);
  }
  return box;
}

function costBox(coins, resources) {
  const box = el("div", "cost");
  if (coins) box.appendChild(el("span", "coin", String(coins)));
  box.appendChild(resourceIcons(resources));
  return box;
}

function cardNode(card, target, small) {
  const node = el("div", `card color-${card.color}${small ? " small" : ""}`);
  if (target) node.dataset.target = target;
  node.appendChild(costBox(card.coins, card.resources));
  node.appendChild(el("div", "card-name", card.name));
  const effects = el("div", "effects");
  for (const text of card.effects) effects.appendChild(el("div", "effect", text));
  node.appendChild(effects);
  const from = Array.isArray(card.chain_from) ? card.chain_from.join(", ") : card.chain_from;
  const to = Array.isArray(card.chain_to) ? card.chain_to.join(", ") : card.chain_to;
  if (from) node.appendChild(el("div", "chain", `free with ${from}`));
  if (to) node.appendChild(el("div", "chain", `chains to ${to}`));
  node.title = `${card.name} (${card.color}): ${card.effects.join("; ")}`;
  return node;
}

function cardBack(age, name, target) {
  const node = el("div", `card back back-${age}`, name);
  if (target) node.dataset.target = target;
  return node;
}

function tokenNode(token, target) {
  const node = el("div", "token");
  if (target) node.dataset.target = target;
  node.appendChild(el("div", "token-name", token.name));
  node.appendChild(el("div", "token-effect", token.effects.join("; ")));
  node.title = `${token.name}: ${token.effects.join("; ")}`;
  return node;
}

function wonderTile(wonder, target) {
  const node = el("div", `wonder${wonder.built ? " built" : ""}`);
  if (target) node.dataset.target = target;
  node.appendChild(costBox(0, wonder.resources));
  node.appendChild(el("div", "wonder-name", wonder.name));
  node.appendChild(el("div", "effects", wonder.effects.join("; ")));
  if (wonder.built) node.appendChild(el("div", "under", "built"));
  return node;
}

function groupByColour(cards, targetOf) {
  const order = ["brown", "grey", "yellow", "blue", "green", "red", "purple"];
  const box = el("div", "tableau");
  for (const colour of order) {
    const mine = cards.filter((c) => c.color === colour);
    if (!mine.length) continue;
    const column = el("div", `column column-${colour}`);
    for (const card of mine) column.appendChild(cardNode(card, targetOf ? targetOf(card) : null, true));
    box.appendChild(column);
  }
  return box;
}

function scoreLine(score) {
  return `${score.total} VP`;
}

// ------------------------------------------------------------------ 7 Wonders Duel
function duelBoard(view) {
  const table = view.table;
  const board = el("div", "duel");
  const me = view.seat === null || view.seat === undefined ? 0 : view.seat;
  const top = duelCity(view, table.cities[1 - me], 1 - me);
  board.appendChild(top);
  const middle = el("div", "duel-middle");
  middle.appendChild(duelTrack(table));
  const tokens = el("div", "board-tokens");
  for (const token of table.board_tokens) tokens.appendChild(tokenNode(token, `token-${token.id}`));
  middle.appendChild(tokens);
  board.appendChild(middle);
  if (table.pantheon) board.appendChild(pantheonBoard(table.pantheon));
  if (table.senate) board.appendChild(senateBoard(table.senate, me));
  if (table.phase === "draft") {
    const draft = el("div", "draft");
    draft.appendChild(el("h3", null, table.phase_text));
    const row = el("div", "wonder-row");
    for (const wonder of table.draft) row.appendChild(wonderTile(wonder, `draft-${wonder.id}`));
    draft.appendChild(row);
    board.appendChild(draft);
  } else {
    board.appendChild(duelStructure(table));
  }
  if (table.library_offer.length) {
    const library = el("div", "library");
    library.appendChild(el("h3", null, table.phase_text));
    for (const token of table.library_offer) library.appendChild(tokenNode(token, `library-${token.id}`));
    board.appendChild(library);
  }
  if (view.moves && view.moves.some((m) => m.target === "starter")) {
    board.appendChild(el("button", "starter-choice", table.phase_text)).dataset.target = "starter";
  }
  board.appendChild(duelCity(view, table.cities[me], me));
  const discard = el("div", "discard");
  discard.appendChild(el("h3", null, `Discard pile (${table.discard.length})`));
  const row = el("div", "discard-row");
  for (const card of table.discard) row.appendChild(cardNode(card, `discard-${card.id}`, true));
  discard.appendChild(row);
  board.appendChild(discard);
  return board;
}

function duelTrack(table) {
  const track = el("div", "track");
  track.appendChild(el("span", "capital", "player_0"));
  for (let position = -9; position <= 9; position++) {
    const distance = Math.abs(position);
    const zone = distance === 0 ? "zone-middle" : distance <= 2 ? "zone-1" : distance <= 5 ? "zone-2" : distance <= 8 ? "zone-3" : "zone-capital";
    const space = el("span", `space ${zone}`);
    if (position === table.pawn) space.appendChild(el("span", "pawn", "♟"));
    if (table.pantheon && table.pantheon.minerva === position) {
      space.appendChild(el("span", "minerva", "M")).title = table.pantheon.notes[0];
    }
    for (const loot of table.looting) {
      const side = loot.victim === "player_0" ? -1 : 1;
      if (position !== side * (loot.distance + 1)) continue;
      if (loot.effect) space.appendChild(el("span", "loot agora-token", "◆")).title = loot.effect;  // Agora's: influence
      else space.appendChild(el("span", "loot", `-${loot.coins}`)).title = `${loot.victim} loses ${loot.coins} coins`;
    }
    track.appendChild(space);
  }
  track.appendChild(el("span", "capital", "player_1"));
  return track;
}

function duelStructure(table) {
  const structure = el("div", `structure age-${table.age}`);
  const rows = Math.max(...table.structure.map((s) => s.row)) + 1;
  structure.style.height = `${rows * 62 + 60}px`;
  for (const slot of table.structure) {
    if (slot.empty) continue;
    // a face-down card is a target by its slot (Zeus discards it), never by its card
    const node = slot.card ? cardNode(slot.card, `slot-${slot.card.id}`) : cardBack(slot.back, slot.back_name, `back-${slot.slot}`);
    node.classList.add("in-structure");
    if (slot.token) node.appendChild(el("span", "slot-token", slot.token === "offering" ? "offering" : `${slot.token} token`));
    if (slot.card && slot.accessible) node.classList.add("accessible");
    node.style.left = `${slot.col * 48}px`;
    node.style.top = `${slot.row * 62}px`;
    node.style.zIndex = String(slot.row + 1);
    structure.appendChild(node);
  }
  return structure;
}

function duelCity(view, city, player) {
  const you = view.seat === player ? " (you)" : "";
  const box = el("div", `duel-city${view.acting.includes(city.agent) ? " acting" : ""}`);
  const head = el("div", "city-head");
  head.appendChild(el("strong", null, `${city.agent}${you}`));
  head.appendChild(el("span", "coin big", String(city.coins)));
  head.appendChild(el("span", "points", scoreLine(city.score)));
  const science = Object.entries(city.science).map(([symbol, n]) => `${symbol}${n > 1 ? " ×" + n : ""}`).join(", ");
  if (science) head.appendChild(el("span", "science", `science: ${science}`));
  box.appendChild(head);
  const wonders = el("div", "wonder-row");
  for (const wonder of city.wonders) wonders.appendChild(wonderTile(wonder, `wonder-${wonder.id}`));
  box.appendChild(wonders);
  const tokens = el("div", "city-tokens");
  for (const token of city.progress_tokens) tokens.appendChild(tokenNode(token, `token-${token.id}`));
  box.appendChild(tokens);
  if (city.divinities) {  // Pantheon: the divinities it activated, its tokens, Astarte's coins
    const pantheon = el("div", "city-pantheon");
    for (const divinity of city.divinities) pantheon.appendChild(divinityNode(divinity));
    for (const token of city.pantheon_tokens) pantheon.appendChild(el("span", "pantheon-token", token));
    if (city.astarte) pantheon.appendChild(el("span", "coin", String(city.astarte))).title = "coins on Astarte";
    box.appendChild(pantheon);
  }
  box.appendChild(groupByColour(city.cards, (card) => `city-${player}-${card.id}`));
  return box;
}

// ------------------------------------------------------------------ the Pantheon (Duel's expansion)
function divinityNode(divinity, target) {
  const node = el("div", `divinity myth-${divinity.mythology}`);
  if (target) node.dataset.target = target;
  node.appendChild(el("div", "divinity-name", divinity.name));
  node.appendChild(el("div", "divinity-myth", divinity.mythology));
  node.appendChild(el("div", "effects", divinity.effects.join("; ")));
  node.title = `${divinity.name} (${divinity.mythology}): ${divinity.effects.join("; ")}`;
  return node;
}

function pantheonBoard(pantheon) {
  const box = el("div", "pantheon");
  box.appendChild(el("h3", null, pantheon.title));
  const row = el("div", "pantheon-spaces");
  for (const space of pantheon.spaces) {
    const cell = el("div", "pantheon-space");
    cell.appendChild(el("div", "space-number", `space ${space.space + 1}`));
    if (space.divinity) {
      const node = divinityNode(space.divinity, space.face_up ? `space-${space.space}` : null);
      if (!space.face_up) node.classList.add("face-down");
      cell.appendChild(node);
    } else if (space.mythology) {
      cell.appendChild(el("div", `divinity face-down myth-${space.mythology}`, `${space.mythology} (face down)`));
    } else {
      cell.appendChild(el("div", "divinity empty", "empty"));
    }
    if (space.prices) cell.appendChild(el("div", "space-prices", `player_0 ${space.prices[0]} · player_1 ${space.prices[1]}`));
    if (space.placed_by && !space.face_up) cell.appendChild(el("div", "space-placer", `placed by ${space.placed_by}`));
    row.appendChild(cell);
  }
  box.appendChild(row);
  box.appendChild(el("div", "pantheon-decks", pantheon.decks));
  for (const note of pantheon.notes) box.appendChild(el("div", "pantheon-note", note));
  if (pantheon.choice) {
    const choice = el("div", "pantheon-choice");
    choice.appendChild(el("h3", null, pantheon.choice.prompt));
    for (const item of pantheon.choice.items) choice.appendChild(el("button", "choice-item", item.name)).dataset.target = item.target;
    box.appendChild(choice);
  }
  return box;
}

// ------------------------------------------------------------------ Agora's Senate (Duel's expansion)
function conspiracyNode(conspiracy, target, note) {
  const node = el("div", "conspiracy");
  if (target) node.dataset.target = target;
  node.appendChild(el("div", "conspiracy-name", conspiracy.name));
  node.appendChild(el("div", "effects", conspiracy.effects.join("; ")));
  if (note) node.appendChild(el("div", "under", note));
  node.title = `${conspiracy.name}: ${conspiracy.effects.join("; ")}`;
  return node;
}

function senateBoard(senate, me) {
  // The six chambers (VP, each player's cubes, control, decrees), then each player's conspiracies: the seat's own
  // by name, the other's by count (the server sends no more), the triggered ones face up.
  const words = senate.headings;
  const box = el("div", "senate");
  box.appendChild(el("h3", null, `${words.title} · ${senate.supply} · ${words.deck}: ${senate.deck}`));
  const row = el("div", "chambers");
  for (const chamber of senate.chambers) {
    const cell = el("div", `chamber${chamber.controller ? " control-" + chamber.controller : ""}`);
    cell.dataset.target = `chamber-${chamber.chamber}`;
    cell.appendChild(el("div", "chamber-name", `${chamber.name} · ${chamber.vp}`));
    chamber.cubes.forEach((count, player) => {
      const cubes = el("div", `cubes cubes-player_${player}`);
      cubes.dataset.target = `cubes-${player}-${chamber.chamber}`;
      cubes.appendChild(el("span", "cube-owner", `player_${player}`));
      for (let i = 0; i < count; i++) cubes.appendChild(el("span", `cube cube-player_${player}`));
      cubes.title = `player_${player}: ${count}`;
      cell.appendChild(cubes);
    });
    cell.appendChild(el("div", "control", chamber.control_text));
    for (const decree of chamber.decrees) {
      const node = el("div", "decree");
      node.appendChild(el("div", "decree-name", decree.name));
      node.appendChild(el("div", "effects", decree.effects.join("; ")));
      cell.appendChild(node);
    }
    if (chamber.face_down) cell.appendChild(el("div", "decree face-down", chamber.face_down));
    row.appendChild(cell);
  }
  box.appendChild(row);
  if (senate.locked.length) {
    const locked = el("div", "locked-tokens");
    locked.appendChild(el("span", null, words.locked));
    for (const token of senate.locked) locked.appendChild(tokenNode(token));
    box.appendChild(locked);
  }
  const order = [1 - me, me];
  for (const player of order.map((p) => senate.players[p])) {
    const line = el("div", "conspiracies");
    line.appendChild(el("strong", null, `${player.agent} · ${player.own ? words.own : words.held}`));
    if (player.own) for (const c of player.own) line.appendChild(conspiracyNode(c, `conspiracy-${c.id}`, c.prepared));
    else line.appendChild(el("span", "hidden-conspiracies", player.hidden));
    if (player.triggered.length) {
      line.appendChild(el("span", "triggered-title", words.triggered));
      for (const c of player.triggered) line.appendChild(conspiracyNode(c)).classList.add("triggered");
    }
    box.appendChild(line);
  }
  if (senate.drawn.length) {
    const drawn = el("div", "conspiracies drawn");
    drawn.appendChild(el("strong", null, words.drawn));
    for (const c of senate.drawn) drawn.appendChild(conspiracyNode(c, `conspiracy-${c.id}`));
    box.appendChild(drawn);
  }
  if (senate.choice) {  // the moves of the decision that no piece of the board plays
    const choice = el("div", "senate-choice");
    choice.appendChild(el("h3", null, senate.choice.prompt));
    for (const item of senate.choice.items) choice.appendChild(el("button", "choice-item", item.name)).dataset.target = item.target;
    box.appendChild(choice);
  }
  return box;
}

// ------------------------------------------------------------------ 7 Wonders
function sevenBoard(view) {
  const table = view.table;
  const board = el("div", "seven");
  const head = el("div", "age-banner", `Age ${table.age} · turn ${table.turn} · ${table.phase_text}`);
  board.appendChild(head);
  const n = table.cities.length;
  const first = view.seat === null || view.seat === undefined ? 0 : view.seat;
  const others = el("div", "others");
  for (let k = 1; k < n; k++) others.appendChild(sevenCity(view, table.cities[(first + k) % n], false));
  board.appendChild(others);
  board.appendChild(sevenCity(view, table.cities[first], true));
  if (view.moves && view.moves.some((m) => m.target === "payment")) {
    const pay = el("button", "payment-choice", table.phase_text);
    pay.dataset.target = "payment";
    board.appendChild(pay);
  }
  if (table.hand.length) board.appendChild(handNode(table.hand_of ? `Choose from ${table.hand_of}` : "Your hand", table.hand, "hand"));
  if (table.leader_titles) board.appendChild(ownLeaders(table));  // Leaders
  return board;
}

function handNode(title, cards, targetPrefix) {
  const hand = el("div", "hand");
  hand.appendChild(el("h3", null, title));
  const row = el("div", "hand-row");
  for (const card of cards) row.appendChild(cardNode(card, `${targetPrefix}-${card.id}`));
  hand.appendChild(row);
  return hand;
}

// ------------------------------------------------------------------ Leaders (7 Wonders' expansion)
function ownLeaders(table) {
  // The seat's own leaders, under the server's headings: the draft hand it keeps one of, its Leader hand, those
  // under its stages and those it discarded.
  const box = el("div", "own-leaders");
  for (const [field, title] of Object.entries(table.leader_titles)) {
    if (table[field].length) box.appendChild(handNode(title, table[field], "leader"));
  }
  return box;
}

function cityLeaders(leaders) {
  // A city's face-up leaders (and the one it copies), and how many it holds where only its player sees which.
  const box = el("div", "city-leaders");
  const row = el("div", "leader-row");
  for (const leader of leaders.recruited) row.appendChild(cardNode(leader, `recruited-${leader.id}`));
  if (leaders.copied) {
    const copy = cardNode(leaders.copied);
    copy.classList.add("copied");
    copy.appendChild(el("div", "chain", leaders.copied.note));
    row.appendChild(copy);
  }
  box.appendChild(row);
  box.appendChild(el("div", "leader-counts", leaders.hidden_text));
  return box;
}

function sevenCity(view, city, mine) {
  const agent = city.name;
  const box = el("div", `city${mine ? " mine" : ""}${view.acting.includes(agent) ? " acting" : ""}`);
  const head = el("div", "city-head");
  const you = view.seat === city.seat ? " (you)" : "";
  head.appendChild(el("strong", null, `${city.name}${you}`));
  head.appendChild(el("span", "coin big", String(city.coins)));
  head.appendChild(el("span", "shields", `${city.shields} shield${city.shields === 1 ? "" : "s"}`));
  const tokens = el("span", "military");
  for (const value of city.military_tokens) tokens.appendChild(el("span", value < 0 ? "mil defeat" : "mil victory", String(value)));
  head.appendChild(tokens);
  head.appendChild(el("span", "points", scoreLine(city.score)));
  head.appendChild(el("span", "handsize", `${city.hand_size} in hand`));
  head.appendChild(el("span", "neighbours", `◀ ${city.left} · ${city.right} ▶`));
  box.appendChild(head);
  const wonder = el("div", "wonder-board");
  const title = el("div", "wonder-title");
  title.appendChild(el("span", null, `${city.wonder} (${city.city} ${city.side})`));
  if (city.starting_resource) title.appendChild(resourceIcons(Object.keys(resourceNames).find((k) => resourceNames[k] === city.starting_resource)));
  for (const text of city.board_effects) title.appendChild(el("span", "board-effect", text));  // a board's own lasting effects
  wonder.appendChild(title);
  const stages = el("div", "stages");
  city.stages.forEach((stage, i) => {
    const node = el("div", `stage${stage.built ? " built" : ""}`);
    node.appendChild(costBox(0, stage.resources));
    node.appendChild(el("div", "stage-name", `stage ${i + 1}`));
    node.appendChild(el("div", "effects", stage.effects.join("; ")));
    if (stage.built) node.appendChild(el("div", "under", "card under it"));
    stages.appendChild(node);
  });
  wonder.appendChild(stages);
  box.appendChild(wonder);
  if (city.leaders) box.appendChild(cityLeaders(city.leaders));
  box.appendChild(groupByColour(city.cards));
  return box;
}

// ------------------------------------------------------------------ moves, results
function priceText(price) {
  if (!price) return "";
  if (typeof price === "string") return price;
  const total = price.bank + price.left + price.right;
  if (!total) return "free";
  const parts = [];
  if (price.bank) parts.push(`${price.bank} to the bank`);
  if (price.left) parts.push(`${price.left} to ${price.left_name} (left)`);
  if (price.right) parts.push(`${price.right} to ${price.right_name} (right)`);
  return `${total} coin${total > 1 ? "s" : ""}: ${parts.join(", ")}`;
}

function resultNode(result, seat) {
  const box = el("div", "score-sheet");
  const names = result.scores.map((s) => s.name);
  const winners = result.winners.join(", ");
  box.appendChild(el("h3", null, `Game over${result.victory ? ` (${result.victory} victory)` : ""}: ${winners} won`));
  const table = el("table", "scores");
  const head = el("tr");
  head.appendChild(el("th", null, ""));
  for (const name of names) head.appendChild(el("th", result.winners.includes(name) ? "winner" : null, name + (name === `player_${seat}` ? " (you)" : "")));
  table.appendChild(head);
  for (const category of Object.keys(result.scores[0].score)) {
    const row = el("tr", category === "total" ? "total" : null);
    row.appendChild(el("th", null, category));
    for (const s of result.scores) row.appendChild(el("td", null, String(s.score[category])));
    row.dataset.category = category;
    table.appendChild(row);
  }
  box.appendChild(table);
  return box;
}

function openMenu(node, moves) {
  const menu = $("menu");
  menu.innerHTML = "";
  const title = node.querySelector(".card-name, .wonder-name, .token-name, .conspiracy-name, .chamber-name");
  menu.appendChild(el("div", "menu-title", title?.textContent || "Your move"));
  for (const move of moves) {
    const option = el("button", "move-option");
    option.appendChild(el("span", "move-label", move.label));
    const price = priceText(move.price);
    if (price) option.appendChild(el("span", "move-price", price));
    option.dataset.action = move.action;
    option.addEventListener("click", () => { closeMenu(); sendMove(move.action); });
    menu.appendChild(option);
  }
  const cancel = el("button", "move-cancel", "cancel");
  cancel.addEventListener("click", closeMenu);
  menu.appendChild(cancel);
  const rect = node.getBoundingClientRect();
  menu.style.left = `${Math.min(rect.left + window.scrollX, window.scrollX + window.innerWidth - 320)}px`;
  menu.style.top = `${rect.bottom + window.scrollY + 4}px`;
  menu.className = "";
}

function closeMenu() { $("menu").className = "hidden"; }

function renderLatest(number, view) {
  if (number < shownRequest) return;
  shownRequest = number;
  render(view);
}

async function sendMove(action) {
  const number = ++requestCount;
  try {
    const view = await api("POST", `/api/games/${current.id}/move`,
      {seat: current.seat, tab: TAB, action, turn_id: lastView.turn_id}, tokensOf(gameSecrets(current.id)));
    showMessage("");
    renderLatest(number, view);
  } catch (error) {
    showMessage(error.message);
    lastJson = "";
    poll();
  }
}

// ------------------------------------------------------------------ rendering a view
// The board drawings, by the name the server gives a game's board (`board` of /api/setup: its view module's BOARD).
const BOARDS = {duel: duelBoard, seven_wonders: sevenBoard};

function drawBoard(view) {
  const name = setup.games[view.game].board;
  if (!BOARDS[name]) throw new Error(`the page has no board "${name}" for ${view.game}; it draws ${Object.keys(BOARDS).join(", ")}`);
  return BOARDS[name](view);
}

function render(view) {
  const json = JSON.stringify(view);
  if (json === lastJson) return;
  lastJson = json;
  lastView = view;
  resourceNames = view.table.resource_names;
  const board = $("board");
  board.innerHTML = "";
  board.appendChild(drawBoard(view));
  const byTarget = {};
  for (const move of view.moves || []) (byTarget[move.target] = byTarget[move.target] || []).push(move);
  for (const node of board.querySelectorAll("[data-target]")) {
    const moves = byTarget[node.dataset.target];
    if (!moves) continue;
    node.classList.add("legal");
    node.addEventListener("click", (event) => { event.stopPropagation(); openMenu(node, moves); });
  }
  const prompt = $("prompt");
  prompt.innerHTML = "";
  if (view.error) prompt.appendChild(el("div", "error", view.error));
  if (current.kind === "game" && !view.over) {
    if (view.moves && view.moves.length) prompt.appendChild(el("div", "your-turn", `Your turn: ${view.table.phase_text}. Click a highlighted piece.`));
    else if (view.chosen) prompt.appendChild(el("div", "waiting", "You have chosen; waiting for " + view.waiting_for.join(", ")));
    else prompt.appendChild(el("div", "waiting", "Waiting for " + view.waiting_for.join(", ")));
  }
  const news = $("news");
  news.innerHTML = "";
  for (const e of [...view.events].reverse()) news.appendChild(el("li", null, e.text));
  const result = $("result");
  result.innerHTML = "";
  if (view.result) {
    result.appendChild(resultNode(view.result, view.seat));
    if (view.saved_as) result.appendChild(el("p", "hint", `The record is saved on the server as ${view.saved_as}.`));
  }
  renderControls(view);
}

function renderControls(view) {
  const controls = $("controls");
  controls.innerHTML = "";
  const who = view.seat === null || view.seat === undefined ? "spectator" : `player_${view.seat}`;
  if (current.kind === "game") {
    controls.appendChild(el("span", "game-title", `${setup.games[view.game].title} · game ${view.id} · you are ${who}`));
    const seats = view.seats.map((s) => `${s.name}: ${s.player}`).join(" · ");
    controls.appendChild(el("span", "seats", seats));
    const label = el("label", null, "seconds per bot move ");
    const delay = el("input");
    delay.type = "number"; delay.min = "0"; delay.max = "10"; delay.step = "0.1"; delay.value = view.delay; delay.id = "delay";
    delay.addEventListener("change", async () => {
      try { await api("POST", `/api/games/${view.id}/delay`, {delay: Number(delay.value)}, tokensOf(gameSecrets(view.id))); showMessage(""); }
      catch (error) { showMessage(error.message); }
    });
    label.appendChild(delay);
    controls.appendChild(label);
  } else {
    const buttons = [["|◀", 0], ["◀", view.turn - 1], ["▶", view.turn + 1], ["▶|", view.turns]];
    for (const [text, turn] of buttons) {
      const button = el("button", "replay-step", text);
      button.dataset.turn = String(turn);
      button.disabled = turn < 0 || turn > view.turns || turn === view.turn;
      button.addEventListener("click", () => showReplayTurn(turn));
      controls.appendChild(button);
    }
    controls.appendChild(el("span", "replay-turn", `turn ${view.turn} of ${view.turns}`));
    const select = el("select");
    select.id = "replay-seat";
    for (const [value, text] of [["", "spectator"], ...current.seats.map((s, i) => [String(i), `${s}'s hand`])]) {
      const option = el("option", null, text);
      option.value = value;
      option.selected = value === (current.seat === null ? "" : String(current.seat));
      select.appendChild(option);
    }
    select.addEventListener("change", () => { current.seat = select.value === "" ? null : Number(select.value); showReplayTurn(current.turn); });
    controls.appendChild(select);
  }
}

// ------------------------------------------------------------------ games
function invitationLink(id, seat, invite) {
  return `${location.origin}${location.pathname}#game=${id}&seat=${seat}&invite=${encodeURIComponent(invite)}`;
}

function showInvitations(id) {
  // The creator's links that give a seat to another browser (its holder then loses it).
  const box = $("invitations");
  box.innerHTML = "";
  const invites = id === null ? {} : gameSecrets(id).invites;
  box.classList.toggle("hidden", !Object.keys(invites).length);
  box.appendChild(el("summary", null, "Invite a player: send a link, whoever opens it takes the seat"));
  for (const [seat, invite] of Object.entries(invites)) {
    const label = el("label", null, `player_${seat}: `);
    const link = el("input");
    link.readOnly = true; link.size = 60; link.className = "invite-link"; link.dataset.seat = seat;
    link.value = invitationLink(id, seat, invite);
    label.appendChild(link);
    box.appendChild(label);
  }
}

async function acceptInvitation(id, seat, invite) {
  const taken = await api("POST", `/api/games/${id}/seats/${seat}`, {invite});
  const secrets = gameSecrets(id);
  secrets.tokens[String(seat)] = taken.token;
  keepSecrets(id, secrets);
}

let pollInFlight = false;

async function poll() {
  clearTimeout(pollTimer);
  if (pollInFlight || !current || current.kind !== "game") return;
  const game = current;
  const seat = game.seat === null ? "" : game.seat;
  const number = ++requestCount;
  pollInFlight = true;
  try {
    const view = await api("GET", `/api/games/${game.id}?seat=${seat}&tab=${TAB}${takeOver ? "&take_over=1" : ""}`,
      undefined, tokensOf(gameSecrets(game.id)));
    takeOver = false;
    if (game !== current) return;
    if ($("message").dataset.conflict) { showMessage(""); delete $("message").dataset.conflict; }
    renderLatest(number, view);
  } catch (error) {
    if (game !== current) return;
    showMessage(error.message);
    if (error.status === 409) {
      $("message").dataset.conflict = "1";
      const button = el("button", "take-over", "Take the seat over here");
      button.addEventListener("click", () => { takeOver = true; poll(); });
      $("message").appendChild(button);
    }
    if (error.status === 404 || error.status === 403) return;  // no such game; a seat of another browser
  } finally {
    pollInFlight = false;
  }
  if (game === current) pollTimer = setTimeout(poll, POLL_MS);
}

function openGame(id, seat) {
  current = {kind: "game", id, seat};
  lastJson = "";
  location.hash = `game=${id}&seat=${seat === null ? "" : seat}`;
  showInvitations(id);
  showSection("play");
  poll();
}

async function listGames() {
  showSection("games");
  const list = $("games-list");
  list.innerHTML = "";
  const held = allSecrets();
  const games = await api("GET", "/api/games", undefined, Object.values(held).flatMap(tokensOf));
  // Forget the secrets of games this server no longer has (finished before a restart).
  localStorage.setItem(SECRETS_KEY, JSON.stringify(Object.fromEntries(games.filter((g) => held[g.id]).map((g) => [g.id, held[g.id]]))));
  if (!games.length) list.appendChild(el("tr")).appendChild(el("td", null, "No games of this browser yet."));
  for (const game of games) {
    const row = el("tr");
    row.appendChild(el("td", null, game.id));
    row.appendChild(el("td", null, game.game));
    row.appendChild(el("td", null, game.seats.join(", ")));
    row.appendChild(el("td", null, game.over ? "finished" : `turn ${game.turn_id}`));
    const links = el("td");
    game.your_seats.forEach((seat) => {
      const button = el("button", "open-seat", `play player_${seat}`);
      button.addEventListener("click", () => openGame(game.id, seat));
      links.appendChild(button);
    });
    const watch = el("button", "open-watch", "watch");
    watch.addEventListener("click", () => openGame(game.id, null));
    links.appendChild(watch);
    row.appendChild(links);
    list.appendChild(row);
  }
}

// ------------------------------------------------------------------ set-up
function fillSelect(select, values, chosen) {
  select.innerHTML = "";
  for (const value of values) {
    const option = el("option", null, String(value));
    option.value = String(value);
    option.selected = String(value) === String(chosen);
    select.appendChild(option);
  }
}

function chosenGame() {
  return setup.games[$("setup-game").value];
}

function choosesPlayers() {
  return chosenGame().players.length > 1;
}

function seatCount() {
  return choosesPlayers() ? Number($("setup-players").value) : chosenGame().players[0];
}

function addChoice(box, id, label, values, chosen, hint) {
  const node = el("label", null, `${label} `);
  const select = el("select");
  select.id = id;
  if (hint) select.title = hint;
  fillSelect(select, values, chosen);
  node.appendChild(select);
  box.append(node, " ");
  return select;
}

function drawChoices() {
  // The chosen game's player count (where it has several; its default chosen) and options (their first value chosen).
  const game = chosenGame();
  const box = $("setup-choices");
  box.innerHTML = "";
  if (choosesPlayers()) addChoice(box, "setup-players", "Players", game.players, game.default_players).addEventListener("change", drawSeats);
  for (const [option, choice] of Object.entries(game.choices)) addChoice(box, `setup-${option}`, choice.label, choice.values, choice.values[0], choice.hint);
  drawSeats();
}

function drawSeats() {
  const seats = $("setup-seats");
  const previous = [...seats.querySelectorAll("input")].map((i) => i.value);
  seats.innerHTML = "";
  for (let seat = 0; seat < seatCount(); seat++) {
    const label = el("label", "seat", `player_${seat} `);
    const input = el("input");
    input.id = `seat-${seat}`;
    input.setAttribute("list", "bot-names");
    input.value = previous[seat] || (seat === 0 ? "human" : "random");
    label.appendChild(input);
    seats.appendChild(label);
  }
  const list = el("datalist");
  list.id = "bot-names";
  for (const name of ["human", ...chosenGame().bots]) list.appendChild(el("option")).value = name;
  seats.appendChild(list);
}

async function startGame(event) {
  event.preventDefault();
  const game = $("setup-game").value;
  const options = choosesPlayers() ? {num_players: seatCount()} : {};
  for (const option of Object.keys(chosenGame().choices)) options[option] = $(`setup-${option}`).value;
  const seats = [...Array(seatCount()).keys()].map((s) => $(`seat-${s}`).value.trim());
  const body = {game, options, seats, delay: Number($("setup-delay").value)};
  if ($("setup-seed").value !== "") body.seed = Number($("setup-seed").value);
  try {
    const created = await api("POST", "/api/games", body);
    keepSecrets(created.id, {owner: created.owner, tokens: created.tokens, invites: created.invites});
    showMessage("");
    const human = seats.indexOf("human");
    openGame(created.id, human >= 0 ? human : null);
  } catch (error) {
    showMessage(error.message);
  }
}

// ------------------------------------------------------------------ replays
async function openReplay() {
  const file = $("replay-file").files[0];
  if (!file) { showMessage("Choose a game record file first."); return; }
  try {
    const loaded = await api("POST", "/api/replays", await file.text());
    showMessage("");
    current = {kind: "replay", id: loaded.id, seat: null, turn: 0, seats: loaded.seats};
    showInvitations(null);
    showSection("play");
    showReplayTurn(loaded.turns);
  } catch (error) {
    showMessage(error.message);
  }
}

async function showReplayTurn(turn) {
  try {
    const seat = current.seat === null ? "" : current.seat;
    const view = await api("GET", `/api/replays/${current.id}/${turn}?seat=${seat}`);
    current.turn = turn;
    render({...view, acting: [], moves: []});
  } catch (error) {
    showMessage(error.message);
  }
}

// ------------------------------------------------------------------ start
document.addEventListener("click", (event) => { if (!$("menu").contains(event.target)) closeMenu(); });
document.addEventListener("keydown", (event) => {
  if (!current || current.kind !== "replay") return;
  if (event.key === "ArrowRight" && current.turn < lastView.turns) showReplayTurn(current.turn + 1);
  if (event.key === "ArrowLeft" && current.turn > 0) showReplayTurn(current.turn - 1);
});

async function main() {
  setup = await api("GET", "/api/setup");
  fillSelect($("setup-game"), Object.keys(setup.games), Object.keys(setup.games)[0]);
  for (const option of $("setup-game").options) option.textContent = setup.games[option.value].title;
  $("setup-game").addEventListener("change", drawChoices);
  drawChoices();
  $("setup-form").addEventListener("submit", startGame);
  $("nav-new").addEventListener("click", () => { current = null; showSection("setup"); });
  $("nav-games").addEventListener("click", () => { current = null; listGames(); });
  $("nav-replay").addEventListener("click", () => { current = null; showSection("replay-load"); });
  $("replay-open").addEventListener("click", openReplay);
  if (setup.skipped_saved_games.length) showMessage("Saved games that could not be resumed: " + setup.skipped_saved_games.join("; "));
  const params = new URLSearchParams(location.hash.slice(1));
  const seat = params.get("seat") === "" || params.get("seat") === null ? null : Number(params.get("seat"));
  if (params.get("game") && params.get("invite") && seat !== null) {
    try { await acceptInvitation(params.get("game"), seat, params.get("invite")); }
    catch (error) { showMessage(error.message); }
  }
  if (params.get("game")) openGame(params.get("game"), seat);
  else showSection("setup");
}

main();
