// The pipeline UI: reads the gateway's /api endpoints (as the signed-in user) and redraws every second, so running
// updates show their progress without a reload. Text from the store is always set as text, never as markup.
"use strict";

const SVG = "http://www.w3.org/2000/svg";
const REFRESH_MS = 1000;
let selected = null;
/** The signed-in session's CSRF token (under --auth password), sent with each action. */
let csrf = null;
let timer = null;

/** The gateway asks for a sign-in. */
class SignInNeeded extends Error {}

function headers() {
  const sent = { "X-Flowgate-UI": "1" };
  if (csrf) {
    sent["X-Flowgate-CSRF"] = csrf;
  }
  return sent;
}

function element(tag, attributes, ...children) {
  const made = tag.startsWith("svg:") ? document.createElementNS(SVG, tag.slice(4)) : document.createElement(tag);
  for (const [name, value] of Object.entries(attributes || {})) {
    if (value !== null && value !== undefined) {
      made.setAttribute(name, value);
    }
  }
  for (const child of children) {
    made.append(child instanceof Node ? child : document.createTextNode(child === null ? "" : String(child)));
  }
  return made;
}

async function api(path) {
  const response = await fetch(path, { credentials: "same-origin", headers: headers() });
  const body = await response.json();
  if (response.status === 401) {
    throw new SignInNeeded(body.message || body.error_class);
  }
  if (!response.ok) {
    throw new Error(body.message || body.error_class || ("HTTP " + response.status));
  }
  return body;
}

function duration(ms) {
  if (ms === null || ms === undefined) {
    return "";
  }
  return ms < 1000 ? ms + " ms" : (ms / 1000).toFixed(1) + " s";
}

function time(iso) {
  return iso ? iso.replace("T", " ").replace(/\.\d+Z$/, "Z") : "";
}

function stateClass(state) {
  return "state-" + (state || "none");
}

/** Columns by depth: a node with no incoming edge is at 0, any other one column right of what it reads. */
function layout(nodes, edges) {
  const depth = new Map(nodes.map(node => [node.name, 0]));
  for (let round = 0; round < nodes.length; round++) {
    let moved = false;
    for (const edge of edges) {
      const wanted = (depth.get(edge.from) || 0) + 1;
      if (depth.has(edge.to) && depth.get(edge.to) < wanted && wanted < nodes.length) {
        depth.set(edge.to, wanted);
        moved = true;
      }
    }
    if (!moved) {
      break;
    }
  }
  const columns = new Map();
  for (const node of nodes) {
    const column = depth.get(node.name);
    if (!columns.has(column)) {
      columns.set(column, []);
    }
    columns.get(column).push(node);
  }
  const place = new Map();
  for (const [column, members] of columns) {
    members.sort((a, b) => a.name.localeCompare(b.name));
    members.forEach((node, row) => place.set(node.name, { x: 20 + column * 260, y: 20 + row * 70 }));
  }
  return place;
}

function drawGraph(graph) {
  const holder = document.getElementById("graph");
  if (graph.nodes.length === 0) {
    holder.replaceChildren(element("p", { class: "muted" }, "No pipelines you can see yet."));
    return;
  }
  const place = layout(graph.nodes, graph.edges);
  const width = Math.max(...[...place.values()].map(p => p.x)) + 240;
  const height = Math.max(...[...place.values()].map(p => p.y)) + 60;
  const svg = element("svg:svg", { width, height, viewBox: `0 0 ${width} ${height}` });
  const marker = element("svg:marker", { id: "arrow", viewBox: "0 0 10 10", refX: 10, refY: 5, markerWidth: 7,
    markerHeight: 7, orient: "auto-start-reverse" }, element("svg:path", { d: "M 0 0 L 10 5 L 0 10 z",
    fill: "#6b7280" }));
  svg.append(element("svg:defs", {}, marker));
  for (const edge of graph.edges) {
    const from = place.get(edge.from);
    const to = place.get(edge.to);
    if (!from || !to) {
      continue;
    }
    const x1 = from.x + 200, y1 = from.y + 20, x2 = to.x, y2 = to.y + 20;
    const middle = (x1 + x2) / 2;
    svg.append(element("svg:path", { class: "edge", "data-edge": edge.from + " -> " + edge.to,
      d: `M ${x1} ${y1} C ${middle} ${y1}, ${middle} ${y2}, ${x2} ${y2}` },
      element("svg:title", {}, "flow " + edge.flow_name + " (" + edge.flow_type + ")")));
  }
  for (const node of graph.nodes) {
    const at = place.get(node.name);
    const style = node.type === "SOURCE" ? "type-SOURCE" : stateClass(node.state);
    const group = element("svg:g", { class: "node", "data-node": node.name, "data-state": node.state || "",
      transform: `translate(${at.x}, ${at.y})` },
      element("svg:rect", { width: 200, height: 40, class: style }),
      element("svg:text", { x: 10, y: 17 }, node.name.length > 30 ? "…" + node.name.slice(-29) : node.name),
      element("svg:text", { x: 10, y: 32, class: "muted" },
        node.type === "SOURCE" ? "source" : node.type.toLowerCase().replace("_", " ") + (node.state ? " · "
          + node.state.toLowerCase() : "")),
      element("svg:title", {}, node.name));
    if (node.pipeline_id) {
      group.addEventListener("click", () => select(node.pipeline_id, node.name));
    }
    svg.append(group);
  }
  holder.replaceChildren(svg);
}

function drawPipelines(pipelines) {
  const body = document.querySelector("#pipelines tbody");
  body.replaceChildren(...pipelines.map(pipeline => {
    const latest = pipeline.latest_update;
    const row = element("tr", { "data-pipeline": pipeline.pipeline_id, class: pipeline.pipeline_id === selected?.id
      ? "selected" : null },
      element("td", {}, pipeline.name),
      element("td", {}, pipeline.type),
      element("td", {}, element("span", { class: "badge " + stateClass(latest?.state) }, latest?.state || "—")),
      element("td", {}, time(latest?.start_time)),
      element("td", {}, duration(latest?.duration_ms)),
      element("td", {}, latest ? latest.rows_written : ""),
      element("td", {}, latest ? latest.rows_dropped : ""));
    row.addEventListener("click", () => select(pipeline.pipeline_id, pipeline.name));
    return row;
  }));
}

function drawUpdates(updates) {
  const body = document.querySelector("#updates tbody");
  body.replaceChildren(...updates.map(update => element("tr", { "data-update": update.update_id,
    "data-state": update.state },
    element("td", {}, update.update_id.slice(0, 8)),
    element("td", {}, element("span", { class: "badge " + stateClass(update.state) }, update.state)),
    element("td", {}, time(update.start_time)),
    element("td", {}, duration(update.duration_ms)),
    element("td", {}, (update.full_refresh ? "full refresh by " : "by ") + (update.started_by || "?")),
    element("td", {}, ...update.flows.map(flow => element("div", { class: "flow", "data-flow": flow.flow_name },
      `${flow.flow_name}: ${flow.status}, ${flow.rows_read === null ? "" : flow.rows_read + " read, "}`
        + `${flow.rows_written} written, ${flow.rows_dropped} dropped`))),
    element("td", { class: "error" }, update.error || ""),
    element("td", {}, update.state === "RUNNING" ? cancelButton(update.update_id) : ""))));
}

/** Cancels a running update (its starter or the administrator may); the next redraw shows it CANCELED. */
function cancelButton(updateId) {
  const button = element("button", { class: "cancel", "data-cancel": updateId }, "Cancel");
  button.addEventListener("click", async () => {
    button.disabled = true;
    const response = await fetch(`/api/updates/${updateId}/cancel`, { method: "POST", credentials: "same-origin",
      headers: headers() });
    if (!response.ok) {
      const body = await response.json();
      showProblem(body.message || body.error_class);
    }
  });
  return button;
}

function drawStatements(statements) {
  const section = document.getElementById("statements-section");
  section.hidden = statements.length === 0;
  document.querySelector("#statements tbody").replaceChildren(...statements.map(statement => element("tr",
    { "data-statement": statement.statement_id },
    element("td", {}, statement.statement_id),
    element("td", {}, statement.user),
    element("td", {}, time(statement.started)),
    element("td", {}, duration(statement.elapsed_ms)),
    element("td", {}, statement.state),
    element("td", {}, statement.statement_text))));
}

function showProblem(message) {
  const problem = document.getElementById("problem");
  problem.textContent = message;
  problem.hidden = false;
}

function drawEvents(events) {
  const body = document.querySelector("#events tbody");
  body.replaceChildren(...events.slice().reverse().map(event => element("tr", { "data-event": event.event_type },
    element("td", {}, time(event.timestamp)),
    element("td", {}, event.event_type),
    element("td", {}, event.level),
    element("td", {}, event.flow_name || ""),
    element("td", {}, event.message + (event.error ? "\n" + event.error : "")))));
}

function select(id, name) {
  selected = { id, name };
  document.getElementById("detail").hidden = false;
  document.getElementById("detail-title").textContent = name;
  refresh();
}

async function refresh() {
  const problem = document.getElementById("problem");
  try {
    // The graph's nodes are the datasets with their last updates: one read of each event log per redraw.
    const [graph, statements] = await Promise.all([api("/api/graph"), api("/api/statements")]);
    drawGraph(graph);
    drawPipelines(graph.nodes.filter(node => node.type !== "SOURCE"));
    drawStatements(statements.statements);
    if (selected) {
      const type = document.getElementById("event-type").value;
      const level = document.getElementById("event-level").value;
      const query = new URLSearchParams({ limit: "200" });
      if (type) {
        query.set("type", type);
      }
      if (level) {
        query.set("level", level);
      }
      const [updates, events] = await Promise.all([api(`/api/pipelines/${selected.id}/updates`),
        api(`/api/pipelines/${selected.id}/events?${query}`)]);
      drawUpdates(updates.updates);
      drawEvents(events.events);
    }
    problem.hidden = true;
    document.getElementById("refreshed").textContent = "updated " + new Date().toLocaleTimeString();
  } catch (failure) {
    if (failure instanceof SignInNeeded) {
      signIn(failure.message);
    } else {
      showProblem(failure.message);
    }
  }
}

/** Shows the sign-in form in place of the pages (the session ended, or there was none). */
function signIn(message) {
  clearInterval(timer);
  timer = null;
  csrf = null;
  document.querySelector("main").hidden = true;
  document.getElementById("login").hidden = false;
  document.getElementById("who").replaceChildren();
  document.getElementById("login-problem").textContent = message && !message.startsWith("sign in") ? message : "";
}

/** Who is signed in; then the pages, redrawn every second. */
async function start() {
  try {
    const session = await api("/api/session");
    csrf = session.csrf;
    document.getElementById("login").hidden = true;
    document.querySelector("main").hidden = false;
    const who = document.getElementById("who");
    who.replaceChildren("signed in as " + session.user);
    if (session.authentication === "password") {
      const out = element("button", { id: "logout" }, "Sign out");
      out.addEventListener("click", async () => {
        await fetch("/ui/logout", { method: "POST", credentials: "same-origin", headers: headers() });
        signIn("");
      });
      who.append(" ", out);
    }
    await refresh();
    if (timer === null) {
      timer = setInterval(refresh, REFRESH_MS);
    }
  } catch (failure) {
    if (failure instanceof SignInNeeded) {
      signIn(failure.message);
    } else {
      showProblem(failure.message);
    }
  }
}

document.getElementById("login").addEventListener("submit", async event => {
  event.preventDefault();
  const response = await fetch("/ui/login", { method: "POST", credentials: "same-origin",
    headers: { "X-Flowgate-UI": "1", "Content-Type": "application/json" },
    body: JSON.stringify({ user: document.getElementById("login-user").value,
      password: document.getElementById("login-password").value }) });
  const body = await response.json();
  if (!response.ok) {
    document.getElementById("login-problem").textContent = body.message || body.error_class;
    return;
  }
  document.getElementById("login-password").value = "";
  start();
});
document.getElementById("event-type").addEventListener("change", refresh);
document.getElementById("event-level").addEventListener("change", refresh);
start();
