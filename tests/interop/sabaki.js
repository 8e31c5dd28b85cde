// Drives Kosumi through @sabaki/gtp exactly as Sabaki attaches and syncs an engine, and checks
// that every reply parses. Sabaki's EngineSyncer (src/modules/enginesyncer.js) starts a
// Controller with the engine's directory as working directory, sends name, version,
// protocol_version and list_commands at once, then before every genmove hands the game's
// komi, board size and history to a ControllerStateTracker, which sends komi/boardsize only
// when they change, `undo`s back to the shared part of the history and plays the rest, or
// replays from clear_board; handicap stones go as set_free_handicap when the engine lists it.
// Every queued command is preceded by the `protocol_version` "abort" poke when the engine is
// busy. Two Kosumis play each other the way Sabaki alternates two attached engines.
//
// Usage: node sabaki.js /path/to/kosumi   (with @sabaki/gtp on NODE_PATH)
// Exit status 0 when every check passed; the failures are printed otherwise.

'use strict'

const path = require('path')
const {Controller, ControllerStateTracker} = require('@sabaki/gtp')

const kosumi = path.resolve(process.argv[2] || 'target/release/kosumi')
const alpha = 'ABCDEFGHJKLMNOPQRSTUVWXYZ'
const failures = []
const transcript = []

function check(condition, message) {
  if (!condition) failures.push(message)
}

// One attached engine, as Sabaki's EngineSyncer holds it.
class Syncer {
  constructor(label, args) {
    this.label = label
    this.commands = []
    this.controller = new Controller(kosumi, args, {cwd: path.dirname(kosumi)})
    this.stateTracker = new ControllerStateTracker(this.controller)
    this.exit = new Promise(resolve => this.controller.once('stopped', resolve))
    this.controller.on('command-sent', async ({command, getResponse}) => {
      let response
      try {
        response = await getResponse()
      } catch (error) {
        failures.push(`${label}: ${command.name}: ${error.message}`)
        return
      }
      transcript.push({label, command, response})
    })
    this.ready = new Promise(resolve => {
      this.controller.on('started', () => {
        Promise.all([
          this.controller.sendCommand({name: 'name'}),
          this.controller.sendCommand({name: 'version'}),
          this.controller.sendCommand({name: 'protocol_version'}),
          this.controller.sendCommand({name: 'list_commands'}).then(response => {
            this.commands = response.content.split('\n')
            return response
          })
        ]).then(resolve)
      })
    })
    this.controller.start()
  }

  async sendAbort() {
    if (this.controller.busy) {
      await this.controller.sendCommand({name: 'protocol_version'})
    }
  }

  async queueCommand(command) {
    this.sendAbort()
    return await this.stateTracker.queueCommand(command)
  }

  async sync(state) {
    this.sendAbort()
    await this.stateTracker.sync(state)
  }
}

function isVertex(text, size) {
  let match = /^([A-HJ-Z])(\d+)$/.exec(text.toUpperCase())
  return (
    match != null && alpha.indexOf(match[1]) < size && +match[2] >= 1 && +match[2] <= size
  )
}

// Sabaki's generateMove: sync the engine to the game, then genmove; `resign` ends the game.
async function generateMove(syncer, game, color) {
  await syncer.sync(game)
  let response = await syncer.queueCommand({name: 'genmove', args: [color]})
  let answer = response.content.trim().toLowerCase()
  check(!response.error, `${syncer.label}: genmove ${color} failed: ${response.content}`)
  check(
    answer === 'pass' || answer === 'resign' || isVertex(answer, game.boardsize[0]),
    `${syncer.label}: genmove ${color} answered ${JSON.stringify(response.content)}`
  )
  if (answer === 'resign') return null
  let vertex = answer === 'pass' ? 'pass' : answer.toUpperCase()
  game.history.push({name: 'play', args: [color, vertex]})
  return vertex
}

// Engine against engine until two passes in a row (or a resignation, or a move limit).
async function playOut(black, white, game, firstColor, limit) {
  let color = firstColor
  let passes = 0
  let moves = 0
  while (passes < 2 && moves < limit) {
    let vertex = await generateMove(color === 'B' ? black : white, game, color)
    if (vertex == null) break
    passes = vertex === 'pass' ? passes + 1 : 0
    color = color === 'B' ? 'W' : 'B'
    moves++
  }
  return moves
}

function sent(label, name) {
  return transcript.filter(entry => entry.label === label && entry.command.name === name)
}

async function main() {
  let black = new Syncer('black', ['--seed', '1'])
  let white = new Syncer('white', ['--seed', '2'])
  for (let syncer of [black, white]) {
    let [name, version, protocolVersion, listCommands] = await syncer.ready
    check(name.content === 'Kosumi', `name answered ${JSON.stringify(name.content)}`)
    check(/^\d+\.\d+\.\d+/.test(version.content), `version answered ${version.content}`)
    check(protocolVersion.content === '2', `protocol_version answered ${protocolVersion.content}`)
    check(!listCommands.error, 'list_commands failed')
    for (let command of ['komi', 'boardsize', 'clear_board', 'play', 'genmove', 'undo', 'quit']) {
      check(syncer.commands.includes(command), `list_commands lacks ${command}`)
    }
    check(
      syncer.commands.every(name => /^[a-z][a-z0-9_-]*$/.test(name)),
      `list_commands has a line that is not a command name`
    )
  }

  // An even game on 9x9, komi 6.5, played out by the two engines.
  let game = {komi: 6.5, boardsize: [9, 9], history: []}
  let length = await playOut(black, white, game, 'B', 400)
  check(length >= 20, `the 9x9 game lasted only ${length} moves`)

  // The user steps back five moves and asks Black's engine for a move there: the tracker
  // sends as many undos as the engine's history is longer than the shared part (the engine
  // lists undo), then genmove.
  let undosBefore = sent('black', 'undo').length
  let back = {komi: 6.5, boardsize: [9, 9], history: game.history.slice(0, -5)}
  let expectedUndos = black.stateTracker.state.history.length - back.history.length
  await generateMove(black, back, back.history.length % 2 === 0 ? 'B' : 'W')
  let undos = sent('black', 'undo').length - undosBefore
  check(
    expectedUndos > 0 && undos === expectedUndos,
    `stepping back sent ${undos} undos, not ${expectedUndos}`
  )

  // A handicap game on 13x13 with komi 0.5: a new board size and komi, two handicap stones
  // (set_free_handicap when listed, as Sabaki does; otherwise plays), White first.
  let handicap = black.commands.includes('set_free_handicap')
    ? [{name: 'set_free_handicap', args: ['D10', 'K4']}]
    : [
        {name: 'play', args: ['B', 'D10']},
        {name: 'play', args: ['B', 'K4']}
      ]
  let handicapGame = {komi: 0.5, boardsize: [13, 13], history: handicap}
  await playOut(black, white, handicapGame, 'W', 60)

  // Sabaki's "complete rearrangement": a position of stones sent as plays in board order,
  // same colours in a row, all pipelined after clear_board.
  let stones = []
  for (let x = 0; x < 9; x += 2) {
    for (let y = 1; y <= 9; y += 3) {
      stones.push({name: 'play', args: [(x + y) % 2 ? 'B' : 'W', `${alpha[x]}${y}`]})
    }
  }
  let arranged = {komi: 6.5, boardsize: [9, 9], history: stones}
  await generateMove(white, arranged, 'W')

  await Promise.all([black.controller.stop(3000), white.controller.stop(3000)])
  let exits = await Promise.all([black.exit, white.exit])
  check(
    exits.every(({signal}) => signal === 0),
    `exit codes ${JSON.stringify(exits.map(({signal}) => signal))}`
  )

  // Every reply parsed, none failed; state commands answered empty.
  for (let {label, command, response} of transcript) {
    let line = `${label}: ${command.name} ${command.args.join(' ')}`.trim()
    check(!response.error, `${line} failed: ${response.content}`)
    if (['komi', 'boardsize', 'clear_board', 'play', 'undo', 'set_free_handicap', 'quit'].includes(command.name)) {
      check(response.content === '', `${line} answered ${JSON.stringify(response.content)}`)
    }
  }
  let count = name => transcript.filter(entry => entry.command.name === name).length
  check(count('set_free_handicap') + count('play') > 0 && count('clear_board') >= 3, 'syncs replayed')
  console.log(
    `sabaki: ${transcript.length} commands, ${count('genmove')} genmove, ${count('play')} play, ` +
      `${count('undo')} undo, ${count('clear_board')} clear_board, ${count('komi')} komi, ` +
      `${count('boardsize')} boardsize, ${count('set_free_handicap')} set_free_handicap, ` +
      `${count('protocol_version')} protocol_version; 9x9 game of ${length} moves`
  )
  if (failures.length > 0) {
    for (let failure of failures) console.error(`FAIL ${failure}`)
    process.exit(1)
  }
  console.log('sabaki: every reply parsed')
}

main().catch(error => {
  console.error(error)
  process.exit(1)
})
