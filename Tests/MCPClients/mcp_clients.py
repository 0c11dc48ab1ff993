"""`laundrytime mcp` driven by the official MCP Python SDK, as an AI assistant's client drives it.

Usage: mcp_clients.py BINARY. Each check runs the real binary on a throwaway data directory, with
the clock pinned (LAUNDRYTIME_NOW). Prints one line a check and exits 1 when any failed.
"""
import asyncio
import json
import os
import subprocess
import sys
import tempfile
import time
import traceback
import urllib.parse
import uuid
import warnings

from mcp import ClientSession, StdioServerParameters, types
from mcp.client.stdio import stdio_client

BINARY = os.path.abspath(sys.argv[1])
# The SDK warns that resources/subscribe goes in a later protocol version; the server speaks an earlier one.
warnings.filterwarnings("ignore", message=".*resources/subscribe")
T0 = "2026-03-02T09:00:00Z"
# 46 minutes later: a 45-minute wash started at T0 has ended.
AFTER_WASH = "2026-03-02T09:46:00Z"
CHECKS = []


def check(function):
    CHECKS.append(function)
    return function


def environment(now=T0, **extra):
    env = {k: v for k, v in os.environ.items() if not k.startswith("LAUNDRYTIME_")}
    env.update({"LAUNDRYTIME_NOW": now, "NO_COLOR": "1"}, **extra)
    return env


def one_shot(data, *words, now=T0):
    """The program run once on the same store, as a person would: (exit status, stdout)."""
    done = subprocess.run([BINARY, "--data-dir", data, "--format", "plain", *words], env=environment(now),
                          capture_output=True, text=True, timeout=60)
    return done.returncode, done.stdout.strip()


class Client:
    """A session of the Python SDK's client with the binary as its stdio server (on a household's
    database with `store`: its options)."""

    def __init__(self, data, now=T0, elicit=None, env=None, store=None):
        self.params = StdioServerParameters(command=BINARY, args=(store or ["--data-dir", data]) + ["mcp"],
                                            env=environment(now, **(env or {})))
        self.elicit = elicit
        self.notices = []
        self.updated = []

    async def __aenter__(self):
        self.streams = stdio_client(self.params, errlog=sys.stderr)
        read, write = await self.streams.__aenter__()

        async def logging_callback(params):
            self.notices.append(params.data)

        async def message_handler(message):
            if isinstance(message, types.ResourceUpdatedNotification):
                self.updated.append(str(message.params.uri))

        async def elicitation_callback(context, params):
            return await self.elicit(params)

        self.session = ClientSession(read, write, logging_callback=logging_callback, message_handler=message_handler,
                                     elicitation_callback=elicitation_callback if self.elicit else None)
        await self.session.__aenter__()
        await self.session.initialize()
        return self

    async def __aexit__(self, *exc):
        await self.session.__aexit__(*exc)
        await self.streams.__aexit__(*exc)

    async def call(self, tool, **arguments):
        result = await self.session.call_tool(tool, arguments)
        text = "\n".join(c.text for c in result.content if isinstance(c, types.TextContent))
        return result, text


def expect(condition, message):
    if not condition:
        raise AssertionError(message)


@check
async def lists_tools_resources_and_prompts(data):
    async with Client(data) as client:
        await client.call("create_pet", name="Snowy")
        tools = {tool.name: tool for tool in (await client.session.list_tools()).tools}
        for name in ["create_pet", "rename_pet", "delete_pet", "set_wash_minutes", "set_dry_minutes", "set_frequency", "start_wash",
                     "start_dryer", "fold", "stop", "pause", "resume", "undo", "status", "show_pet", "history", "export",
                     "show_settings", "change_setting", "say"]:
            expect(name in tools, f"no tool {name}: {sorted(tools)}")
        expect(tools["delete_pet"].annotations.destructive_hint is True, "delete_pet is destructive")
        expect(tools["status"].annotations.read_only_hint is True, "status reads only")
        expect(tools["set_wash_minutes"].annotations.idempotent_hint is True, "set_wash_minutes is idempotent")
        schema = tools["start_wash"].input_schema["properties"]
        expect(schema["pet"]["enum"] == ["Snowy"], f"the pet is one of the pets: {schema}")
        minutes = tools["set_wash_minutes"].input_schema["properties"]["minutes"]
        expect((minutes["minimum"], minutes["maximum"]) == (1, 120), f"minutes' range: {minutes}")
        uris = [str(r.uri) for r in (await client.session.list_resources()).resources]
        expect({"laundrytime://pets", "laundrytime://history", "laundrytime://pets/Snowy"} <= set(uris), f"resources: {uris}")
        templates = (await client.session.list_resource_templates()).resource_templates
        expect([t.uri_template for t in templates] == ["laundrytime://pets/{name}"], f"templates: {templates}")
        prompts = [p.name for p in (await client.session.list_prompts()).prompts]
        expect(prompts == ["what_needs_doing_now", "this_weeks_summary"], f"prompts: {prompts}")
        got = await client.session.get_prompt("what_needs_doing_now")
        expect("Snowy" in got.messages[0].content.text, f"the prompt holds the pets: {got}")


@check
async def starts_a_wash_and_reads_the_card(data):
    async with Client(data) as client:
        await client.call("create_pet", name="Snowy")
        result, text = await client.call("start_wash", pet="Snowy")
        expect(not result.is_error, text)
        expect(text.startswith("Snowy is getting clean!"), text)
        expect(result.structured_content["intent"] == "start_wash" and result.structured_content["ok"] is True, result.structured_content)
        card = await client.session.read_resource("laundrytime://pets/Snowy")
        texts = {c.mime_type: c.text for c in card.contents}
        expect("Snowy" in texts["text/plain"], texts)
        expect(json.loads(texts["application/json"])["pet"] == "Snowy", texts)
    # The same object as --json prints; the transcript names the assistant.
    status, said = one_shot(data, "show transcript")
    expect("(assistant)" in said, f"the transcript marks the assistant's lines: {said}")


@check
async def a_subscriber_hears_a_timer_end_once(data):
    one_shot(data, "create pet Snowy")
    one_shot(data, "start wash for snowy")
    async with Client(data, now=AFTER_WASH) as client:
        await client.session.subscribe_resource("laundrytime://pets/Snowy")
        for _ in range(100):
            if client.notices and client.updated:
                break
            await asyncio.sleep(0.1)
        expect(any("Wash Complete" in n["text"] and "Snowy" in n["text"] for n in client.notices), f"notices: {client.notices}")
        expect("laundrytime://pets/Snowy" in client.updated, f"updates: {client.updated}")
        await asyncio.sleep(2.5)
        expect(len(client.notices) == 1, f"told once: {client.notices}")


def answering(confirm, action="accept"):
    async def elicit(params):
        return types.ElicitResult(action=action, content={"confirm": confirm} if action == "accept" else None)
    return elicit


@check
async def a_delete_confirmed_through_the_client(data):
    async with Client(data, elicit=answering(True)) as client:
        await client.call("create_pet", name="Snowy")
        result, text = await client.call("delete_pet", pet="Snowy")
        expect(not result.is_error, text)
        expect(result.structured_content["intent"] == "confirm" and "Deleted Snowy" in text, result.structured_content)
    expect(one_shot(data, "show snowy")[0] == 1, "Snowy is gone")


@check
async def a_delete_declined_deletes_nothing(data):
    for elicit in [answering(False), answering(None, action="decline"), answering(None, action="cancel")]:
        async with Client(data, elicit=elicit) as client:
            await client.call("create_pet", name="Snowy")
            result, text = await client.call("delete_pet", pet="Snowy")
            expect(one_shot(data, "show snowy")[0] == 0, f"Snowy is still there: {text}")


@check
async def without_elicitation_a_delete_is_refused(data):
    async with Client(data) as client:
        await client.call("create_pet", name="Snowy")
        for tool, arguments in [("delete_pet", {"pet": "Snowy"}), ("say", {"sentence": "delete snowy"}),
                                ("say", {"sentence": "reset everything"}), ("say", {"sentence": "mute"})]:
            result, text = await client.call(tool, **arguments)
            expect(result.is_error and "Not done" in text, text)
        # A "yes" afterwards answers nothing: the question was settled within the call.
        result, text = await client.call("say", sentence="yes")
    expect(one_shot(data, "show snowy")[0] == 0, "Snowy is still there")
    expect("Sound: on" in one_shot(data, "settings")[1], "a guessed change is not made either")


@check
async def a_call_runs_the_hooks_as_the_prompt_does(data):
    hooks = os.path.join(data, "config", "laundrytime", "hooks")
    os.makedirs(hooks, mode=0o700)
    told = os.path.join(data, "folded.json")
    with open(os.path.join(hooks, "folded"), "w") as hook:
        hook.write(f"#!/bin/sh\ncat > '{told}'\n")
    os.chmod(os.path.join(hooks, "folded"), 0o700)
    one_shot(data, "create pet Snowy")
    one_shot(data, "start wash for snowy")
    one_shot(data, "start dryer for snowy", now=AFTER_WASH)
    async with Client(data, now="2026-03-02T11:00:00Z", env={"XDG_CONFIG_HOME": os.path.join(data, "config")}) as client:
        result, text = await client.call("fold", pet="Snowy")
        expect(not result.is_error, text)
    with open(told) as payload:
        event = json.load(payload)
    expect(event["event"] == "folded" and event["pet"] == "Snowy", f"the hook's object: {event}")


@check
async def bad_input_is_a_tool_error_in_the_prompts_words(data):
    async with Client(data) as client:
        await client.call("create_pet", name="Snowy")
        for tool, arguments, line in [
            ("start_wash", {"pet": "Nobody"}, 'start wash for "Nobody"'),
            ("set_wash_minutes", {"pet": "Snowy", "minutes": 500}, 'set wash time for "Snowy" to 500 minutes'),
            ("start_dryer", {"pet": "Snowy"}, 'start dryer for "Snowy"'),
            ("fold", {"pet": "Snowy"}, 'fold "Snowy"'),
        ]:
            result, text = await client.call(tool, **arguments)
            expect(result.is_error, f"{tool} {arguments}: {text}")
            expect(text == one_shot(data, line)[1], f"{tool}: “{text}” is the prompt's sentence “{one_shot(data, line)[1]}”")
        result, text = await client.call("set_wash_minutes", pet="Snowy", minutes="ten")
        expect(result.is_error and "whole number" in text, text)
        result, text = await client.call("change_setting", setting="sound", value="loud")
        expect(result.is_error and "on or off" in text, text)
    # Nothing written by the calls that failed.
    expect("wash 45 min" in one_shot(data, "settings")[1], "the wash time stays 45 minutes")
    expect("nothing yet" in one_shot(data, "history for snowy")[1] or "Cycles 0" in one_shot(data, "history for snowy")[1],
           "no cycle began")


def raw_server(data, **env):
    return subprocess.Popen([BINARY, "--data-dir", data, "mcp"], env=environment(**env), stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, bufsize=1)


def send(process, message):
    process.stdin.write((message if isinstance(message, str) else json.dumps(message)) + "\n")
    process.stdin.flush()


def receive(process):
    line = process.stdout.readline()
    expect(line, "the server answered")
    return json.loads(line)


def initialize(process, capabilities):
    send(process, {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-06-18", "capabilities": capabilities, "clientInfo": {"name": "raw", "version": "1"}}})
    expect("result" in receive(process), "initialized")
    send(process, {"jsonrpc": "2.0", "method": "notifications/initialized"})


def closes_cleanly(process):
    process.stdin.close()
    expect(process.wait(timeout=10) == 0, f"a clean exit at the end of stdin, not {process.returncode}")


@check
async def malformed_messages_and_unknown_methods_are_protocol_errors(data):
    process = raw_server(data)
    initialize(process, {})
    send(process, "{this is not json")
    expect(receive(process)["error"]["code"] == -32700, "a parse error")
    send(process, {"jsonrpc": "2.0", "id": 7, "method": "laundry/fold_everything"})
    answer = receive(process)
    expect(answer["id"] == 7 and answer["error"]["code"] == -32601, f"method not found: {answer}")
    send(process, {"jsonrpc": "2.0", "id": 8, "method": "tools/call", "params": {"name": "no_such_tool", "arguments": {}}})
    answer = receive(process)
    expect(answer["id"] == 8 and answer["error"]["code"] == -32602, f"an unknown tool: {answer}")
    closes_cleanly(process)


@check
async def an_unanswered_confirmation_ends_undone(data):
    one_shot(data, "create pet Snowy")
    process = raw_server(data, LAUNDRYTIME_MCP_ANSWER_SECONDS="1")
    initialize(process, {"elicitation": {}})
    send(process, {"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "delete_pet", "arguments": {"pet": "Snowy"}}})
    asked = receive(process)
    expect(asked.get("method") == "elicitation/create", f"the person is asked: {asked}")
    answer = receive(process)  # never answered: the call fails after its time limit
    expect(answer["id"] == 2 and "error" in answer and "nothing was done" in answer["error"]["message"], f"{answer}")
    expect(one_shot(data, "show snowy")[0] == 0, "Snowy is still there")
    closes_cleanly(process)


@check
async def two_servers_and_a_one_shot_share_the_store(data):
    async with Client(data) as first, Client(data) as second:
        await first.call("create_pet", name="Fluffy")
        result, text = await second.call("show_pet", pet="Fluffy")
        expect(not result.is_error, f"the second server sees the first one's pet: {text}")
        expect(one_shot(data, "show fluffy")[0] == 0, "and so does a one-shot")
        one_shot(data, "rename fluffy to Puff")
        result, text = await first.call("start_wash", pet="Puff")
        expect(not result.is_error, f"the first server sees the one-shot's change: {text}")


@check
async def a_timer_end_is_told_once_across_servers(data):
    one_shot(data, "create pet Snowy")
    one_shot(data, "start wash for snowy")
    async with Client(data, now=AFTER_WASH) as first, Client(data, now=AFTER_WASH) as second:
        for client in (first, second):
            await client.session.subscribe_resource("laundrytime://pets")
        await asyncio.sleep(4)
        told = first.notices + second.notices
        expect(len(told) == 1 and "Wash Complete" in told[0]["text"], f"told once: {told}")
    status, said = one_shot(data, "--deliver-due", now=AFTER_WASH)
    expect(said == "", f"--deliver-due tells it no more: {said}")


def household_database():
    """A fresh database on the throwaway cluster of scripts/with-postgres, or None outside it."""
    url = os.environ.get("LAUNDRYTIME_TEST_DATABASE_URL")
    if not url:
        return None
    parts = urllib.parse.urlsplit(url)
    host = urllib.parse.parse_qs(parts.query)["host"][0]
    name = "mcp_" + uuid.uuid4().hex[:16]
    createdb = os.path.join(os.environ.get("LAUNDRYTIME_TEST_POSTGRES_BIN", "/usr/lib/postgresql/15/bin"), "createdb")
    subprocess.run([createdb, "-h", host, "-U", parts.username, name], check=True,
                   env={"PATH": "/usr/bin:/bin", "PGPASSWORD": parts.password or ""}, capture_output=True)
    return f"postgres://{parts.username}:{parts.password}@/{name}?host={host}"


@check
async def a_household_members_change_reaches_a_subscriber(data):
    database = household_database()
    if database is None:
        return "skipped: no PostgreSQL (run under scripts/with-postgres with a PostgreSQL build)"

    def member(name, *words, now=T0):
        done = subprocess.run([BINARY, "--database", database, "--member", name, "--format", "plain", *words],
                              env=environment(now), capture_output=True, text=True, timeout=60)
        return done.returncode, done.stdout.strip()

    expect(member("Alex", "create pet Snowy")[0] == 0, "the household's store opens")
    async with Client(data, store=["--database", database, "--member", "Sam"]) as sam, \
            Client(data, store=["--database", database, "--member", "Kim"]) as kim:
        for client in (sam, kim):
            await client.session.subscribe_resource("laundrytime://pets")
        member("Alex", "start wash for snowy")
        for _ in range(100):
            if sam.notices and kim.notices:
                break
            await asyncio.sleep(0.1)
        for client in (sam, kim):
            expect(any("Alex" in n["text"] and "Snowy" in n["text"] for n in client.notices), f"Alex's wash is news: {client.notices}")
        result, text = await sam.call("stop", pet="Snowy")
        expect(not result.is_error, text)
        for _ in range(100):
            if any("Sam (assistant)" in n["text"] for n in kim.notices):
                break
            await asyncio.sleep(0.1)
        expect(any("Sam (assistant)" in n["text"] for n in kim.notices), f"Sam's assistant's change is news to Kim: {kim.notices}")


async def main():
    failed = 0
    started = time.monotonic()
    for function in CHECKS:
        with tempfile.TemporaryDirectory() as data:
            try:
                skipped = await asyncio.wait_for(function(data), 60)
                print(f"✔ {function.__name__}" + (f" ({skipped})" if skipped else ""))
            except Exception:
                failed += 1
                print(f"✘ {function.__name__}\n{traceback.format_exc()}")
    print(f"MCP clients (Python SDK {types.__name__ and __import__('importlib.metadata').metadata.version('mcp')}): "
          f"{len(CHECKS) - failed} of {len(CHECKS)} checks passed in {time.monotonic() - started:.0f} s")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
