// What each command of package.json does, in words: the "What it does" column of the Commands
// table that scripts/docTables.mjs writes into docs/reference.md. package.json gives a command
// no description of its own; the table's other columns (title, id, palette) come from it.

export const COMMAND_TEXTS = {
  'tas.signIn':
    'Adds or picks an environment, checks its client credentials with the service (asks for a token) and only then stores them in secret storage and makes it active.',
  'tas.signOut': "Forgets the active environment's credentials.",
  'tas.selectEnvironment': 'Switches the active environment; asks for credentials when the picked one has none.',
  'tas.manageEnvironments':
    'Adds, renames or removes an environment (with its stored credentials), or changes its URL or credentials.',
  'tas.refresh': 'Reloads devices, trace filters and test cases from the service and revalidates open files.',
  'tas.showLog':
    "Opens the **Test Automation Service** output channel: the extension's and the language server's log, including every service request (method, path, status, time; never a secret). Set its level with **Developer: Set Log Level...**.",
  'tas.restartServer': 'Stops and starts the language server.',
  'tas.runTestCase':
    'Runs the active test-case file (or each case of a bundle) through Test Explorer and follows the execution.',
  'tas.executeSuite': 'Starts every test case of a suite; from the palette it asks which suite.',
  'tas.cancelSuite': "Cancels the suite's queued and running executions, after asking.",
  'tas.openSuite': "Opens the suite's record document (edit, save; see [Record documents](lab.md#record-documents)).",
  'tas.deleteSuite': 'Deletes a suite, after asking.',
  'tas.newSuiteFromTestCases': 'Creates a suite from test cases picked in a filterable multi-select.',
  'tas.editSuiteTestCases': "Changes a suite's test cases (the multi-select starts with the current ones).",
  'tas.openSuiteTestCase': "Opens a suite's test case: the workspace's file linked to it, else its read-only record.",
  'tas.rerunExecution': "Starts a finished execution's test case again; the new execution is followed.",
  'tas.deleteExecution': 'Deletes the selected executions, after asking.',
  'tas.openExecutionDetails': "The execution's summary, log and record in a read-only document that follows the run.",
  'tas.refreshSuites': 'Reads the suites again.',
  'tas.refreshExecutions': 'Reads the newest executions again.',
  'tas.loadMoreExecutions': 'Reads the next range of executions into the Executions view (its **Load more...** row).',
  'tas.filterExecutions':
    "Shows only executions matching a text (the service's `search`: test case, suite, state, source).",
  'tas.clearExecutionsFilter': "Shows every execution again (on the view's title while a filter is active).",
  'tas.groupExecutionsByDay': 'Groups the Executions view by day.',
  'tas.ungroupExecutions': 'Shows the Executions view as one list again, newest first.',
  'tas.refreshTraceFilters': 'Reads the trace filters again.',
  'tas.createTraceFilter': 'Opens a new trace filter document; Save creates it (`POST /tracefilters`).',
  'tas.editTraceFilter': "Changes a trace filter's name and filter.",
  'tas.deleteTraceFilter': 'Deletes a trace filter, after asking (naming files that refer to it).',
  'tas.openTraceFilter': "The trace filter's record document (edit, save).",
  'tas.newTestCase': 'Creates a `*.testcase.json` file with a valid skeleton, the cursor on the name.',
  'tas.refreshApiClients': 'Reads the API clients again.',
  'tas.createApiClient':
    'Opens a new API client document (no password or auth parameters in it); Save creates it (`POST /apiclients`).',
  'tas.editApiClient':
    "Changes an API client's name, HTTP method, URL and authentication; an empty password keeps the current one.",
  'tas.deleteApiClient': 'Deletes an API client, after asking (naming files that refer to it).',
  'tas.newDevice':
    'Picks a test node and a device model, opens a new device document; Save creates it (`POST /mobiledevices`).',
  'tas.newTestNode': 'Opens a new test node document; Save creates it (`POST /testnodes`).',
  'tas.deleteDevice': 'Deletes a device after asking, naming the test cases and workspace files that use it.',
  'tas.openApiClient': "The API client's record document, without its secrets (edit, save).",
  'tas.refreshUsers': 'Reads the users again.',
  'tas.inviteUser':
    'Invites a user (ADMIN only): email, role, temporary password typed or generated (shown once with Copy).',
  'tas.changeUserRole': "Changes a user's role, after asking (ADMIN only).",
  'tas.deleteUser':
    'Deletes a user, giving what they own to another user picked from the list, after asking (ADMIN only).',
  'tas.showAgentConfiguration': "A test node's agent configuration (by its label), read-only, with Copy; never logged.",
  'tas.validateDeviceToken':
    'Pastes a token into a password box and says what the service says of it; the token is not kept.',
  'tas.setApiClientPassword':
    "Sets an API client's password, typed twice in password boxes (PUT of the record with it).",
  'tas.refreshProjects': 'Reads the projects again.',
  'tas.loadMoreProjects': "Reads the next page of projects (the view's **Load more...** row).",
  'tas.createProject': 'Creates an empty project.',
  'tas.renameProject': 'Renames a project.',
  'tas.deleteProject': 'Deletes a project, after asking.',
  'tas.openProjectMember': "A project member's record document (edit, save; test cases open read-only).",
  'tas.assignToProjects': 'Sets the projects of the selected records (replaces them), then reads them back.',
  'tas.exportTestCases':
    'Exports picked test cases into a folder (a file each) or one bundle; asks before overwriting local work.',
  'tas.exportProject': 'The same for every test case of one project.',
  'tas.importToService':
    'Imports the active file, the selected files or folders; conflicts are shown as diffs and asked.',
  'tas.refreshFromService':
    "Writes the service's version of a linked test case into its file (asks before overwriting local work).",
  'tas.refreshDevices': 'Reads test nodes, devices and tokens again.',
  'tas.prepareDevice': 'Sends PREPARE to a device and follows its status until it settles.',
  'tas.restartAgent': "Restarts a test node's agent, after asking; followed until online.",
  'tas.copyMsisdn': "Copies a device's MSISDN.",
  'tas.showDeviceTestCases': 'Lists the test cases using a device; opens the linked file or the record.',
  'tas.openDeviceRecord': "A device's or a test node's record document (edit, save).",
  'tas.createDeviceToken': 'Creates a device token; its value is shown once.',
  'tas.revokeDeviceToken': 'Revokes a device token, after asking.',
  'tas.refreshTestCases': 'Reads the Test Cases view again.',
  'tas.loadMoreTestCases': "Reads the next page of test cases (the view's **Load more...** row).",
  'tas.filterTestCasesByProject': 'Shows only the test cases of one project.',
  'tas.filterTestCases':
    "Filters by a field's text (name, description, tags or device); an empty text removes that filter.",
  'tas.clearTestCasesFilter': 'Shows all test cases again (shown while a filter is active).',
  'tas.sortTestCasesByUpdate': 'Orders the Test Cases view last changed first.',
  'tas.sortTestCasesByName': 'Orders the Test Cases view from A to Z.',
  'tas.openServiceTestCase': 'Opens the linked local file, else the read-only record.',
  'tas.showHistory':
    "A test case's history as a read-only document (from its CodeLens or its row in Test Cases; from the palette, every test case that ran): its runs, flaky and suspect marks.",
  'tas.exportServiceTestCases': 'Exports the selected test cases (as Export Test Cases...).',
  'tas.copyTestCasesToEnvironment':
    'Copies the selected test cases to another environment, references mapped, after a preview (see [Several environments](sync.md#several-environments)).',
  'tas.chooseCounterpart':
    "The quick fix of `foreign-reference`: keeps the chosen record as the reference's counterpart in this environment, in `.tas/sync.json` (the file is not edited).",
  'tas.runServiceTestCase': 'Runs the test case (through Test Explorer when a file is linked); followed in Executions.',
  'tas.showTestCaseSuites': 'Lists the suites holding the test case.',
  'tas.addTestCaseToSuite': 'Adds the selected test cases to a suite, keeping its others.',
  'tas.deleteServiceTestCases': 'Deletes after asking; a refusal names the suites or executions holding it.',
};
