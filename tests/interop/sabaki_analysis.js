// Drives Kosumi's live analysis through @sabaki/gtp the way Sabaki does, and reads every line
// with Sabaki's own parsing rules. Run by .ci/interop.
//
// The rules below restate, in our own code, what Sabaki's parser does with an analysis line:
// SabakiHQ/Sabaki src/modules/enginesyncer.js (`parseAnalysis` and the 'command-sent'
// handler; 0.5x) and src/modules/analysis.js (`parseAnalysis`, later versions), with vertices
// read as @sabaki/go-board's `parseVertex` reads them (docs/analysis.md §3):
//
// - a command is watched when its name matches ^(lz-)?(genmove_)?analyze$ or it has arguments;
//   the colour is args[0] (W flips the sign);
// - only lines starting with `info ` are parsed; each replaces the whole analysis;
//   a line starting with `play ` ends it (genmove_analyze);
// - the line is split on /\s*info\s+/; in each block the principal variation is the trailing
//   run of tokens that are `pass` or a letter followed by digits, cut at its first `pass`, and
//   keeping tokens of 2 characters or more; the tokens before that run, less the last one
//   (the `pv` key), are key/value pairs;
// - a block is dropped unless it has `move` and `winrate` and `move` is a letter plus digits;
// - winrate: a float ×100 when the dialect is 'float' (0.60: the command name starts with
//   `kata`; older: the value contains a `.`), else an integer /100; both readings must agree;
// - vertices: column from ABCDEFGHJKLMNOPQRSTUVWXYZ in any case, row counted from the bottom;
//   anything off the board is [-1, -1].
//
// Checked: the command Sabaki would choose is listed; every `info` block Kosumi writes survives
// those rules (only `move pass` blocks may be dropped); values are in range and each PV starts
// with its move; the `protocol_version` abort poke ends the analysis, the analysis's reply
// ends before the poke's reply, nothing of the analysis follows, and the poke is answered
// within 100 ms on 9x9 and 19x19; genmove_analyze ends with `play MOVE`, which the state
// tracker records.
//
// Usage: node sabaki_analysis.js /path/to/kosumi   (with @sabaki/gtp on NODE_PATH)

'use strict'

const path = require('path')
const {Controller, ControllerStateTracker} = require('@sabaki/gtp')

const kosumi = path.resolve(process.argv[2] || 'target/release/kosumi')
const alphabet = 'ABCDEFGHJKLMNOPQRSTUVWXYZ'
const stopLimitMs = 100
const failures = []
const figures = []

function check(condition, message) {
  if (!condition) failures.push(message)
}

// @sabaki/go-board's parseVertex, restated.
function parseVertex(text, size) {
  if (typeof text !== 'string' || text.length < 2) return [-1, -1]
  let x = alphabet.indexOf(text[0].toUpperCase())
  let row = Number(text.slice(1))
  let y = size - row
  if (x < 0 || x >= size || !Number.isInteger(row) || y < 0 || y >= size) return [-1, -1]
  return [x, y]
}

const vertexToken = /^(pass|[A-Za-z]\d+)$/

// Sabaki's rules for one `info` line (see the header). Returns the variations and how many
// blocks the line had.
function sabakiParse(line, size, commandName) {
  let blocks = line.split(/\s*info\s+/).slice(1).map(block => block.trim())
  let variations = []
  for (let block of blocks) {
    let tokens = block.split(/\s+/)
    let start = tokens.length
    while (start > 0 && vertexToken.test(tokens[start - 1])) start--
    if (start === tokens.length) continue
    let run = tokens.slice(start)
    let passAt = run.indexOf('pass')
    let pv = (passAt < 0 ? run : run.slice(0, passAt)).filter(token => token.length >= 2)
    let pairs = tokens.slice(0, start).slice(0, -1)
    let fields = {}
    for (let i = 0; i + 1 < pairs.length; i += 2) fields[pairs[i]] = pairs[i + 1]
    if (fields.move == null || fields.winrate == null) continue
    if (!/^[A-Za-z]\d+$/.test(fields.move)) continue
    let asFloat = +fields.winrate * 100
    let asInteger = +fields.winrate / 100
    let byName = commandName.startsWith('kata') ? asFloat : asInteger
    let byPoint = fields.winrate.includes('.') ? asFloat : asInteger
    check(byName === byPoint, `${commandName}: winrate ${fields.winrate} read two ways`)
    variations.push({
      move: fields.move,
      vertex: parseVertex(fields.move, size),
      visits: +fields.visits,
      winrate: byName,
      scoreLead: fields.scoreLead != null ? +fields.scoreLead : null,
      moves: pv.map(vertex => parseVertex(vertex, size))
    })
  }
  return {variations, blocks: blocks.length}
}

function checkLine(line, size, commandName) {
  check(line.startsWith('info '), `${commandName}: a line not starting 'info ': ${line}`)
  let {variations, blocks} = sabakiParse(line, size, commandName)
  let passes = (line.match(/info move pass /g) || []).length
  check(variations.length > 0, `${commandName}: no variation in ${line}`)
  check(
    variations.length === blocks - passes,
    `${commandName}: Sabaki dropped ${blocks - passes - variations.length} blocks of ${line}`
  )
  for (let variation of variations) {
    let [x, y] = variation.vertex
    check(x >= 0 && y >= 0, `${commandName}: ${variation.move} off the ${size}x${size} board`)
    check(
      variation.winrate >= 0 && variation.winrate <= 100,
      `${commandName}: winrate ${variation.winrate}`
    )
    check(Number.isInteger(variation.visits) && variation.visits > 0, `${commandName}: visits`)
    check(
      variation.moves.length > 0 &&
        variation.moves[0][0] === x &&
        variation.moves[0][1] === y,
      `${commandName}: the pv of ${variation.move} does not start with it: ${line}`
    )
    check(
      variation.moves.every(([vx, vy]) => vx >= 0 && vy >= 0),
      `${commandName}: a pv vertex off the board: ${line}`
    )
    if (commandName !== 'lz-analyze' && commandName !== 'lz-genmove_analyze') {
      check(variation.scoreLead != null && isFinite(variation.scoreLead), 'scoreLead')
    }
  }
  return variations
}

function sleep(ms) {
  return new Promise(resolve => setTimeout(resolve, ms))
}

// An engine attached as Sabaki attaches it, with its raw stdout recorded.
async function attach(args) {
  let controller = new Controller(kosumi, args, {cwd: path.dirname(kosumi)})
  let stateTracker = new ControllerStateTracker(controller)
  let raw = ''
  let started = new Promise(resolve => controller.once('started', resolve))
  controller.start()
  await started
  controller.process.stdout.on('data', chunk => (raw += chunk.toString()))
  let [, , protocol, list] = await Promise.all([
    controller.sendCommand({name: 'name'}),
    controller.sendCommand({name: 'version'}),
    controller.sendCommand({name: 'protocol_version'}),
    controller.sendCommand({name: 'list_commands'})
  ])
  check(protocol.content === '2', 'protocol_version')
  let commands = list.content.split('\n')
  return {controller, stateTracker, commands, raw: () => raw}
}

async function analysis(size, commandName) {
  let engine = await attach(['--seed', '1', '--threads', '1'])
  let {controller, stateTracker, commands} = engine
  check(commands.includes(commandName), `${commandName} is not listed`)
  // Sabaki's choice: the first listed of its setting's list.
  let chosen = ['analyze', 'kata-analyze', 'lz-analyze'].find(name => commands.includes(name))
  check(chosen === 'analyze', `Sabaki would choose ${chosen}`)
  let history = [
    {name: 'play', args: ['B', size === 9 ? 'E5' : 'Q16']},
    {name: 'play', args: ['W', size === 9 ? 'C3' : 'D4']}
  ]
  await stateTracker.sync({komi: 6.5, boardsize: [size, size], history})
  let lines = []
  let order = []
  let rawBefore = engine.raw().length
  let analysisDone = controller
    .sendCommand({name: commandName, args: ['B', '10']}, ({line}) => {
      if (line.startsWith('info ')) {
        checkLine(line, size, commandName)
        lines.push(line)
      }
    })
    .then(response => (order.push('analysis'), response))
  for (let waited = 0; lines.length < 3 && waited < 5000; waited += 10) await sleep(10)
  check(lines.length >= 3, `${commandName} ${size}x${size}: ${lines.length} lines in 5 s`)
  check(controller.busy, 'the engine is busy while it analyses')
  // Sabaki's sendAbort().
  let poked = process.hrtime.bigint()
  let poke = controller
    .sendCommand({name: 'protocol_version'})
    .then(response => (order.push('poke'), response))
  let [analysisResponse, pokeResponse] = await Promise.all([analysisDone, poke])
  let elapsed = Number(process.hrtime.bigint() - poked) / 1e6
  figures.push(`${commandName} ${size}x${size}: poke answered in ${elapsed.toFixed(1)} ms`)
  check(elapsed <= stopLimitMs, `${commandName} ${size}x${size}: poke took ${elapsed} ms`)
  check(order.join(',') === 'analysis,poke', `replies in the order ${order}`)
  check(!analysisResponse.error, `${commandName} failed: ${analysisResponse.content}`)
  check(pokeResponse.content === '2', `the poke got ${JSON.stringify(pokeResponse.content)}`)
  let name = await controller.sendCommand({name: 'name'})
  check(name.content === 'Kosumi', `after the analysis, name got ${name.content}`)
  // On the wire: the header, info lines only, the empty line, then the poke's reply.
  let wire = engine.raw().slice(rawBefore)
  check(
    /^=\n(info [^\n]*\n)+\n= 2\n\n= Kosumi\n\n$/.test(wire),
    `${commandName}: the wire was ${JSON.stringify(wire.slice(0, 80))}…`
  )
  await controller.stop()
}

async function genmoveAnalysis(commandName) {
  let {controller, stateTracker, commands} = await attach([
    '--seed', '1', '--player', 'mcts', '--playouts', '3000', '--threads', '1'
  ])
  let chosen = ['genmove_analyze', 'kata-genmove_analyze', 'lz-genmove_analyze'].find(name =>
    commands.includes(name)
  )
  check(chosen === 'kata-genmove_analyze', `Sabaki would generate with ${chosen}`)
  await stateTracker.sync({komi: 6.5, boardsize: [9, 9], history: []})
  let infos = 0
  let played = null
  let response = await stateTracker.queueCommand(
    {name: commandName, args: ['B', '5']},
    ({line}) => {
      if (line.startsWith('info ')) {
        checkLine(line, 9, commandName)
        infos++
      } else if (line.startsWith('play ')) {
        played = line.slice(5).trim()
      }
    }
  )
  check(!response.error, `${commandName}: ${response.content}`)
  check(infos > 0, `${commandName}: no info line`)
  check(played != null && parseVertex(played, 9)[0] >= 0, `${commandName}: played ${played}`)
  let last = stateTracker.state.history[stateTracker.state.history.length - 1]
  check(
    last != null && last.name === 'play' && last.args[1] === played,
    `the state tracker did not record ${played}: ${JSON.stringify(last)}`
  )
  let stones = await controller.sendCommand({name: 'list_stones', args: ['b']})
  check(stones.content === played, `the engine's board has ${stones.content}`)
  await controller.stop()
}

async function main() {
  for (let size of [9, 19]) {
    for (let command of ['analyze', 'lz-analyze', 'kata-analyze']) {
      await analysis(size, command)
    }
  }
  for (let command of ['kata-genmove_analyze', 'lz-genmove_analyze']) {
    await genmoveAnalysis(command)
  }
  for (let figure of figures) console.log(figure)
  if (failures.length > 0) {
    console.log(`${failures.length} failures:`)
    for (let failure of failures.slice(0, 40)) console.log(`  ${failure}`)
    process.exit(1)
  }
  console.log('Sabaki analysis: all checks passed')
}

main().catch(error => {
  console.error(error)
  process.exit(1)
})
