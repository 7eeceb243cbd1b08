<?xml version='1.0' encoding='utf-8'?>
<TS version="2.1" language="zh_CN">
<context>
    <name>AnswerDialog</name>
    <message>
        <source>Not sent: the negotiated protocol version's schema rejects this answer.</source>
        <translation>未发送：协商的协议版本的 Schema 不接受这个回答。</translation>
    </message>
</context>
<context>
    <name>ArgumentsEditor</name>
    <message>
        <source>Form</source>
        <translation>表单</translation>
    </message>
    <message>
        <source>Raw JSON</source>
        <translation>原始 JSON</translation>
    </message>
    <message>
        <source>Some of this schema cannot be shown as a form ({0}), so the arguments are edited as raw JSON.</source>
        <translation>此 Schema 有部分内容无法以表单显示（{0}），因此以原始 JSON 编辑参数。</translation>
    </message>
    <message>
        <source>not JSON: {0}</source>
        <translation>不是 JSON：{0}</translation>
    </message>
    <message>
        <source>the arguments must be a JSON object</source>
        <translation>参数必须是 JSON 对象</translation>
    </message>
    <message>
        <source>valid JSON (no schema to check against)</source>
        <translation>有效的 JSON（没有可用于校验的 Schema）</translation>
    </message>
    <message>
        <source>valid against the schema</source>
        <translation>符合 Schema</translation>
    </message>
    <message>
        <source>fix the JSON before going back to the form: {0}</source>
        <translation>请先修正 JSON，再返回表单：{0}</translation>
    </message>
    <message>
        <source>The form shows these values differently: {0}.</source>
        <translation>以下值在表单中的显示有所不同：{0}。</translation>
    </message>
</context>
<context>
    <name>AttachDialog</name>
    <message>
        <source>its entry is not an object</source>
        <extracomment>the session layer's fixed words (why a server cannot be attached, how to restart a host), for the translation tools; a text not here is shown as the session layer says it</extracomment>
        <translation>它的条目不是对象</translation>
    </message>
    <message>
        <source>it has no URL</source>
        <translation>它没有 URL</translation>
    </message>
    <message>
        <source>it has no command</source>
        <translation>它没有 command</translation>
    </message>
    <message>
        <source>its args are not a list</source>
        <translation>它的 args 不是列表</translation>
    </message>
    <message>
        <source>its args are not all strings</source>
        <translation>它的 args 不全是字符串</translation>
    </message>
    <message>
        <source>its URL is no http:// or https:// URL</source>
        <translation>它的 URL 不是 http:// 或 https:// URL</translation>
    </message>
    <message>
        <source>its URL holds a variable the host expands: the proxy needs the URL</source>
        <translation>它的 URL 含有由宿主展开的变量：代理需要 URL 本身</translation>
    </message>
    <message>
        <source>quit Claude Desktop completely (not only its window) and start it again</source>
        <translation>完全退出 Claude Desktop（不只是关闭窗口），然后重新启动</translation>
    </message>
    <message>
        <source>restart the server in VS Code (MCP: List Servers → the server → Restart Server) or reload the window</source>
        <translation>在 VS Code 中重启该服务器（MCP: List Servers → 该服务器 → Restart Server）或重新加载窗口</translation>
    </message>
    <message>
        <source>restart Cursor, or turn the server off and on again in Cursor Settings → MCP</source>
        <translation>重启 Cursor，或在 Cursor Settings → MCP 中将该服务器关闭后再打开</translation>
    </message>
    <message>
        <source>refresh the MCP servers in Windsurf (Cascade → MCP servers → Refresh) or restart it</source>
        <translation>在 Windsurf 中刷新 MCP 服务器（Cascade → MCP servers → Refresh）或重启 Windsurf</translation>
    </message>
    <message>
        <source>start the MCP Inspector again with this file</source>
        <translation>用此文件重新启动 MCP Inspector</translation>
    </message>
    <message>
        <source>quit it and start it again</source>
        <translation>退出并重新启动它</translation>
    </message>
    <message>
        <source>Attach to a host</source>
        <extracomment>a line of the report: its source text (in the "AttachDialog" context) and the values put in it</extracomment>
        <translation>接入宿主</translation>
    </message>
    <message>
        <source>Attaching makes the host start a server through the inspector's proxy, which records the session; detaching gives the file back as it was. Only the command and args of the server change in the host's file; what detaching needs is kept beside it.</source>
        <translation>接入后，宿主会通过检查器的代理启动服务器，代理会记录会话；断开后，文件恢复原样。宿主文件中只有该服务器的 command 和 args 会改变；断开所需的信息保存在文件旁边。</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>服务器</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Runs</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>An HTTP server is attached by pointing its entry at a reverse proxy on this computer (127.0.0.1), which this window runs while it is open. While no inspector window is open (and no proxy you run yourself: the command is in the row's tooltip), the host cannot reach the server.</source>
        <translation>接入 HTTP 服务器的方式，是把它的条目指向本机（127.0.0.1）上的一个反向代理，本窗口打开期间会运行这个代理。没有检查器窗口打开时（且你自己也没有运行代理：命令见该行的提示），宿主无法访问该服务器。</translation>
    </message>
    <message>
        <source>{state}; {serving}</source>
        <translation>{state}；{serving}</translation>
    </message>
    <message>
        <source>{address} → {upstream}</source>
        <translation>{address} → {upstream}</translation>
    </message>
    <message>
        <source>Without an inspector window, this serves it (run it while the host uses it): {command}</source>
        <translation>没有检查器窗口时，由这条命令为它服务（在宿主使用它期间运行）：{command}</translation>
    </message>
    <message>
        <source>Choose a host's configuration file</source>
        <translation>选择宿主的配置文件</translation>
    </message>
    <message>
        <source>JSON files (*.json *.jsonc)</source>
        <translation>JSON 文件 (*.json *.jsonc)</translation>
    </message>
    <message>
        <source>All files (*)</source>
        <translation>所有文件 (*)</translation>
    </message>
    <message>
        <source>This window serves {server} while it is open; while no inspector window is open, the host cannot reach it (or run this while the host uses it: {command})</source>
        <translation>本窗口打开期间为 {server} 服务；没有检查器窗口打开时，宿主无法访问它（或在宿主使用它期间运行：{command}）</translation>
    </message>
    <message>
        <source>No inspector window serves {server} here: run this while the host uses it: {command}</source>
        <translation>这里没有检查器窗口为 {server} 服务：请在宿主使用它期间运行：{command}</translation>
    </message>
    <message>
        <source>An HTTP server is attached by pointing its entry at a reverse proxy on this computer (proxy --listen 127.0.0.1:PORT --upstream URL), which must be running while the host uses it. The window does not run that proxy yet: run the command shown below for each attached HTTP server.</source>
        <translation type="vanished">HTTP 服务器的接入方式是让其条目指向本机上的反向代理（proxy --listen 127.0.0.1:PORT --upstream URL），宿主使用它时该代理必须在运行。窗口目前还不会运行这个代理：请为每个已接入的 HTTP 服务器运行下方显示的命令。</translation>
    </message>
    <message>
        <source>Attach</source>
        <translation>接入</translation>
    </message>
    <message>
        <source>Make the host start the checked servers through the proxy</source>
        <translation>让宿主通过代理启动勾选的服务器</translation>
    </message>
    <message>
        <source>Detach</source>
        <translation>断开</translation>
    </message>
    <message>
        <source>Give the checked attached servers back their own command line</source>
        <translation>让勾选的已接入服务器恢复它们自己的命令行</translation>
    </message>
    <message>
        <source>Read again</source>
        <translation>重新读取</translation>
    </message>
    <message>
        <source>Choose file…</source>
        <translation>选择文件…</translation>
    </message>
    <message>
        <source>Add a host's configuration file that is not in the places searched</source>
        <translation>添加一个不在搜索位置中的宿主配置文件</translation>
    </message>
    <message>
        <source>No host configuration found (Claude Desktop, VS Code, Cursor, Windsurf, MCP Inspector)</source>
        <translation>未找到宿主配置（Claude Desktop、VS Code、Cursor、Windsurf、MCP Inspector）</translation>
    </message>
    <message>
        <source>chosen file</source>
        <translation>手动选择的文件</translation>
    </message>
    <message>
        <source>must be restarted after a change: {how}</source>
        <translation>更改后必须重启：{how}</translation>
    </message>
    <message>
        <source>edited since attach or detach last wrote it; </source>
        <translation>自上次接入或断开写入后已被编辑；</translation>
    </message>
    <message>
        <source>no servers</source>
        <translation>没有服务器</translation>
    </message>
    <message>
        <source>no inspector window serves it here</source>
        <translation>这里没有检查器窗口为它服务</translation>
    </message>
    <message>
        <source>stdio</source>
        <translation>stdio</translation>
    </message>
    <message>
        <source>HTTP</source>
        <translation>HTTP</translation>
    </message>
    <message>
        <source>other</source>
        <translation>其他</translation>
    </message>
    <message>
        <source>attached</source>
        <translation>已接入</translation>
    </message>
    <message>
        <source>attached, but cannot be detached: {why}</source>
        <translation>已接入，但无法断开：{why}</translation>
    </message>
    <message>
        <source>cannot be attached: {why}</source>
        <translation>无法接入：{why}</translation>
    </message>
    <message>
        <source>not attached</source>
        <translation>未接入</translation>
    </message>
    <message>
        <source>{url} — run while the host uses it: {command}</source>
        <translation type="vanished">{url} — 宿主使用期间请运行：{command}</translation>
    </message>
    <message>
        <source>Attached {servers} in {file}.</source>
        <translation>已在 {file} 中接入 {servers}。</translation>
    </message>
    <message>
        <source>Detached {servers} in {file}.</source>
        <translation>已在 {file} 中断开 {servers}。</translation>
    </message>
    <message>
        <source>Run this while the host uses it (the window does not run it yet): {command}</source>
        <translation type="vanished">宿主使用期间请运行此命令（窗口目前还不会运行它）：{command}</translation>
    </message>
    <message>
        <source>The file as it was before the first attach: {backup}</source>
        <translation>首次接入前的文件：{backup}</translation>
    </message>
    <message>
        <source>{host} must be restarted for this to take effect: {how}</source>
        <translation>必须重启 {host} 才能生效：{how}</translation>
    </message>
    <message>
        <source>Listed until this window closes: it could not be kept for the next one ({why}).</source>
        <translation>在此窗口关闭前列出：无法为下一个窗口保存（{why}）。</translation>
    </message>
</context>
<context>
    <name>AuthView</name>
    <message>
        <source>200 with a JSON document</source>
        <translation>200 并带有 JSON 文档</translation>
    </message>
    <message>
        <source>2025-03-26: Authorization Server Metadata at the authorization base URL</source>
        <translation>2025-03-26：授权基础 URL 处的授权服务器元数据</translation>
    </message>
    <message>
        <source>401 (or 403 insufficient_scope) with a Bearer challenge naming the resource metadata</source>
        <translation>401（或 403 insufficient_scope），其 Bearer 质询指明资源元数据</translation>
    </message>
    <message>
        <source>Authorization failed at: {step} — {why}</source>
        <translation>授权失败于：{step} — {why}</translation>
    </message>
    <message>
        <source>Authorization request</source>
        <translation>授权请求</translation>
    </message>
    <message>
        <source>Client credentials grant</source>
        <translation>客户端凭据授权</translation>
    </message>
    <message>
        <source>Client registration</source>
        <translation>客户端注册</translation>
    </message>
    <message>
        <source>Discovery result</source>
        <translation>发现结果</translation>
    </message>
    <message>
        <source>Expected</source>
        <translation>预期</translation>
    </message>
    <message>
        <source>Found</source>
        <translation>发现</translation>
    </message>
    <message>
        <source>OAuth 2.0 Authorization Server Metadata (RFC 8414)</source>
        <translation>OAuth 2.0 授权服务器元数据（RFC 8414）</translation>
    </message>
    <message>
        <source>OpenID Connect Discovery 1.0 (the issuer has no path)</source>
        <translation>OpenID Connect Discovery 1.0（颁发者没有路径）</translation>
    </message>
    <message>
        <source>OpenID Connect discovery, appended to the issuer's path</source>
        <translation>OpenID Connect 发现，附加在颁发者路径之后</translation>
    </message>
    <message>
        <source>OpenID Connect discovery, path inserted after the well-known prefix</source>
        <translation>OpenID Connect 发现，路径插入在 well-known 前缀之后</translation>
    </message>
    <message>
        <source>Protected Resource Metadata at the well-known URI at the server's root</source>
        <translation>服务器根路径下 well-known URI 处的受保护资源元数据</translation>
    </message>
    <message>
        <source>Protected Resource Metadata at the well-known URI with the server's path inserted</source>
        <translation>插入服务器路径的 well-known URI 处的受保护资源元数据</translation>
    </message>
    <message>
        <source>Protected Resource Metadata named by the 401's resource_metadata</source>
        <translation>401 的 resource_metadata 所指明的受保护资源元数据</translation>
    </message>
    <message>
        <source>Redirect back to the client</source>
        <translation>重定向回客户端</translation>
    </message>
    <message>
        <source>Request</source>
        <translation>请求</translation>
    </message>
    <message>
        <source>Sign-in failed</source>
        <translation>登录失败</translation>
    </message>
    <message>
        <source>Signed in</source>
        <translation>已登录</translation>
    </message>
    <message>
        <source>Spec</source>
        <translation>规范</translation>
    </message>
    <message>
        <source>The server's refusal</source>
        <translation>服务器的拒绝</translation>
    </message>
    <message>
        <source>Token refresh</source>
        <translation>令牌刷新</translation>
    </message>
    <message>
        <source>Token request</source>
        <translation>令牌请求</translation>
    </message>
    <message>
        <source>Where</source>
        <translation>位置</translation>
    </message>
    <message>
        <source>a JSON document</source>
        <translation>一个 JSON 文档</translation>
    </message>
    <message>
        <source>issuer {issuer}, client {client}, scopes {scopes}, expires {expires}</source>
        <translation>颁发者 {issuer}，客户端 {client}，权限范围 {scopes}，过期时间 {expires}</translation>
    </message>
    <message>
        <source>no answer</source>
        <translation>没有应答</translation>
    </message>
    <message>
        <source>no document, the next URL is tried</source>
        <translation>没有文档，尝试下一个 URL</translation>
    </message>
    <message>
        <source>not a JSON document, the next URL is tried</source>
        <translation>不是 JSON 文档，尝试下一个 URL</translation>
    </message>
    <message>
        <source>the request failed, the next URL is tried</source>
        <translation>请求失败，尝试下一个 URL</translation>
    </message>
    <message>
        <source>usable metadata: a sign-in can go ahead</source>
        <translation>可用的元数据：可以进行登录</translation>
    </message>
    <message>
        <source>{label}: {value}</source>
        <translation>{label}：{value}</translation>
    </message>
    <message>
        <source>a sign-in cannot go ahead: {rules}</source>
        <translation>无法进行登录：{rules}</translation>
    </message>
    <message>
        <source>a sign-in is needed at {endpoint} (registration: {registration}, scope: {scope})</source>
        <translation>需要在 {endpoint} 登录（注册方式：{registration}，权限范围：{scope}）</translation>
    </message>
    <message>
        <source>no usable metadata</source>
        <translation>没有可用的元数据</translation>
    </message>
    <message>
        <source>{version} has no authorization section; nothing was looked up</source>
        <translation>{version} 没有授权章节；未查找任何内容</translation>
    </message>
    <message>
        <source>Request body</source>
        <translation>请求体</translation>
    </message>
    <message>
        <source>Request headers</source>
        <translation>请求头</translation>
    </message>
    <message>
        <source>Response body</source>
        <translation>响应体</translation>
    </message>
    <message>
        <source>Response headers</source>
        <translation>响应头</translation>
    </message>
    <message>
        <source>… ({n} characters more)</source>
        <translation>…（还有 {n} 个字符）</translation>
    </message>
    <message>
        <source>Authorization server metadata</source>
        <translation>授权服务器元数据</translation>
    </message>
    <message>
        <source>Browser</source>
        <translation>浏览器</translation>
    </message>
    <message>
        <source>Client authentication</source>
        <translation>客户端认证</translation>
    </message>
    <message>
        <source>Client identity</source>
        <translation>客户端身份</translation>
    </message>
    <message>
        <source>Discovery</source>
        <translation>发现</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>说明</translation>
    </message>
    <message>
        <source>Request without a token (draws the challenge)</source>
        <translation>不带令牌的请求（引出质询）</translation>
    </message>
    <message>
        <source>Step-up authorization</source>
        <translation>提升授权</translation>
    </message>
    <message>
        <source>Client ID Metadata Document</source>
        <translation>客户端 ID 元数据文档</translation>
    </message>
</context>
<context>
    <name>AuthorizationView</name>
    <message>
        <source>Only authorization in the timeline</source>
        <translation>时间线中只显示授权</translation>
    </message>
    <message>
        <source>Open spec section</source>
        <translation>打开规范章节</translation>
    </message>
    <message>
        <source>No authorization in this session</source>
        <translation>此会话中没有授权</translation>
    </message>
    <message>
        <source>Authorization ({version}): no step failed</source>
        <translation>授权（{version}）：没有失败的步骤</translation>
    </message>
</context>
<context>
    <name>CompareView</name>
    <message>
        <source>Step</source>
        <translation type="vanished">单步</translation>
    </message>
    <message>
        <source>A (before)</source>
        <translation>A（之前）</translation>
    </message>
    <message>
        <source>A surface file holds no messages: only two recordings are aligned.</source>
        <translation>接口面文件不含消息：只有两个记录才能逐条对齐。</translation>
    </message>
    <message>
        <source>A: {source}</source>
        <translation>A：{source}</translation>
    </message>
    <message>
        <source>B (after)</source>
        <translation>B（之后）</translation>
    </message>
    <message>
        <source>B: {source}</source>
        <translation>B：{source}</translation>
    </message>
    <message>
        <source>Cannot compare {name}: {why}</source>
        <translation>无法比较 {name}：{why}</translation>
    </message>
    <message>
        <source>Compare sessions</source>
        <translation>比较会话</translation>
    </message>
    <message>
        <source>Compare with: the second session (B, after)</source>
        <translation>比较对象：第二个会话（B，之后）</translation>
    </message>
    <message>
        <source>Compare: the first session (A, before)</source>
        <translation>比较：第一个会话（A，之前）</translation>
    </message>
    <message>
        <source>Item</source>
        <translation>项目</translation>
    </message>
    <message>
        <source>Messages</source>
        <translation>消息</translation>
    </message>
    <message>
        <source>Recordings and surface files (*.jsonl *.json);;All files (*)</source>
        <translation type="vanished">会话记录和接口面文件 (*.jsonl *.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Surface</source>
        <translation>接口面</translation>
    </message>
    <message>
        <source>changed</source>
        <translation>变更</translation>
    </message>
    <message>
        <source>notes</source>
        <translation>注意事项</translation>
    </message>
    <message>
        <source>only in A</source>
        <translation>仅在 A 中</translation>
    </message>
    <message>
        <source>only in B</source>
        <translation>仅在 B 中</translation>
    </message>
    <message>
        <source>same</source>
        <translation>相同</translation>
    </message>
    <message>
        <source>the current session</source>
        <translation>当前会话</translation>
    </message>
    <message>
        <source>the lists</source>
        <translation>列表</translation>
    </message>
    <message>
        <source>the server</source>
        <translation>服务器</translation>
    </message>
    <message>
        <source>Reading {names}…</source>
        <translation>正在读取 {names}…</translation>
    </message>
    <message>
        <source>Recordings, surface files, host logs and HAR files (*.jsonl *.json *.log *.har *.txt);;All files (*)</source>
        <translation>会话记录、接口面文件、宿主日志和 HAR 文件 (*.jsonl *.json *.log *.har *.txt);;所有文件 (*)</translation>
    </message>
</context>
<context>
    <name>CompletionField</name>
    <message>
        <source>{n} suggestion(s)</source>
        <translation>{n} 条建议</translation>
    </message>
    <message>
        <source>{n} of {total} suggestions</source>
        <translation>{n} / {total} 条建议</translation>
    </message>
    <message>
        <source>(more on the server)</source>
        <translation>（服务器上还有更多）</translation>
    </message>
</context>
<context>
    <name>ComposerDialog</name>
    <message>
        <source>(choose a method for a template)</source>
        <translation>（选择一个方法作为模板）</translation>
    </message>
    <message>
        <source>{method} (notification)</source>
        <translation>{method}（通知）</translation>
    </message>
    <message>
        <source>next free id: {id}</source>
        <translation>下一个可用 id：{id}</translation>
    </message>
    <message>
        <source>Not connected: connect to a server to send messages.</source>
        <translation>未连接：请先连接服务器再发送消息。</translation>
    </message>
    <message>
        <source>id {id}</source>
        <translation>id {id}</translation>
    </message>
    <message>
        <source>✓ valid against {definition}</source>
        <translation>✓ 符合 {definition}</translation>
    </message>
    <message>
        <source>✗ schema {path}: {message}</source>
        <translation>✗ Schema {path}：{message}</translation>
    </message>
    <message>
        <source>Send anyway</source>
        <translation>仍然发送</translation>
    </message>
    <message>
        <source>Send</source>
        <translation>发送</translation>
    </message>
    <message>
        <source>Not JSON, so it cannot be compacted: {why}</source>
        <translation>不是 JSON，无法压缩：{why}</translation>
    </message>
    <message>
        <source>Over stdio a message is one line: this text is not JSON and has line breaks, so it cannot be sent as it is.</source>
        <translation>通过 stdio 时一条消息就是一行：这段文本不是 JSON 且含有换行，无法原样发送。</translation>
    </message>
    <message>
        <source>This message breaks the rules shown above. Press “Send anyway” to send it as it is.</source>
        <translation>这条消息违反了上面列出的规则。按“仍然发送”即可原样发送。</translation>
    </message>
    <message>
        <source>Not sent: {why}</source>
        <translation>未发送：{why}</translation>
    </message>
    <message>
        <source>Sent as entry {seq}; its answer, if any, is paired in the timeline.</source>
        <translation>已作为条目 {seq} 发送；若有应答，会在时间线中与之配对。</translation>
    </message>
    <message>
        <source>Compose a message</source>
        <translation>编写消息</translation>
    </message>
    <message>
        <source>Template</source>
        <translation>模板</translation>
    </message>
    <message>
        <source>Any text: valid JSON-RPC, malformed, out of order. It is sent as written.</source>
        <translation>任意文本：合法的 JSON-RPC、格式错误的、顺序错乱的都可以。按原样发送。</translation>
    </message>
    <message>
        <source>Compact to one line</source>
        <translation>压缩为一行</translation>
    </message>
    <message>
        <source>Send the text to the server as it is (Ctrl+Enter)</source>
        <translation>把文本原样发送给服务器（Ctrl+Enter）</translation>
    </message>
</context>
<context>
    <name>ConnectionPanel</name>
    <message>
        <source>Saved servers</source>
        <translation>已保存的服务器</translation>
    </message>
    <message>
        <source>New</source>
        <translation>新建</translation>
    </message>
    <message>
        <source>Duplicate</source>
        <translation>复制</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>Delete the selected server (Undo puts it back)</source>
        <translation>删除所选服务器（“撤销”可将其放回）</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>撤销</translation>
    </message>
    <message>
        <source>Put the deleted server back where it was</source>
        <translation>将删除的服务器放回原来的位置</translation>
    </message>
    <message>
        <source>Servers</source>
        <translation>服务器</translation>
    </message>
    <message>
        <source>(unnamed)</source>
        <translation>（未命名）</translation>
    </message>
    <message>
        <source>Compact</source>
        <translation>紧凑</translation>
    </message>
    <message>
        <source>Only the server picker, its state, Connect and Disconnect: the rest of the window gets the space</source>
        <translation>只显示服务器选择、状态、连接和断开连接：窗口的其余部分获得空间</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>服务器</translation>
    </message>
    <message>
        <source>Edit servers…</source>
        <translation>编辑服务器…</translation>
    </message>
    <message>
        <source>The list of saved servers and the editor of the selected one</source>
        <translation>已保存服务器的列表，以及所选服务器的编辑器</translation>
    </message>
    <message>
        <source>New server</source>
        <translation>新服务器</translation>
    </message>
    <message>
        <source>{name} (copy)</source>
        <translation>{name}（副本）</translation>
    </message>
    <message>
        <source>Deleted “{name}”.</source>
        <translation>已删除“{name}”。</translation>
    </message>
</context>
<context>
    <name>ContentCard</name>
    <message>
        <source>(no uri)</source>
        <translation type="vanished">（无 URI）</translation>
    </message>
    <message>
        <source>Save…</source>
        <translation type="vanished">保存…</translation>
    </message>
    <message>
        <source>Write these bytes to a file</source>
        <translation type="vanished">将这些字节写入文件</translation>
    </message>
    <message>
        <source>text</source>
        <translation type="vanished">文本</translation>
    </message>
    <message>
        <source>binary (blob)</source>
        <translation type="vanished">二进制（blob）</translation>
    </message>
    <message>
        <source>no MIME type</source>
        <translation type="vanished">无 MIME 类型</translation>
    </message>
    <message>
        <source>Showing the first {n} characters; Save keeps everything.</source>
        <translation type="vanished">仅显示前 {n} 个字符；“保存”会保留全部内容。</translation>
    </message>
    <message>
        <source>{w} × {h} pixels</source>
        <translation type="vanished">{w} × {h} 像素</translation>
    </message>
    <message>
        <source>Image preview, {w} × {h} pixels</source>
        <translation type="vanished">图像预览，{w} × {h} 像素</translation>
    </message>
    <message>
        <source>Save resource contents</source>
        <translation type="vanished">保存资源内容</translation>
    </message>
</context>
<context>
    <name>ContentView</name>
    <message>
        <source>the data is not a string</source>
        <translation>data 不是字符串</translation>
    </message>
    <message>
        <source>the data is not valid base64 ({0})</source>
        <translation type="vanished">data 不是有效的 base64（{0}）</translation>
    </message>
    <message>
        <source>the data is not valid base64</source>
        <translation>data 不是有效的 base64</translation>
    </message>
    <message>
        <source>for {0}</source>
        <translation>面向 {0}</translation>
    </message>
    <message>
        <source>priority {0}</source>
        <translation>优先级 {0}</translation>
    </message>
    <message>
        <source>modified {0}</source>
        <translation>修改于 {0}</translation>
    </message>
    <message>
        <source>Save…</source>
        <translation>保存…</translation>
    </message>
    <message>
        <source>Save content</source>
        <translation>保存内容</translation>
    </message>
    <message>
        <source>could not save: {0}</source>
        <translation>无法保存：{0}</translation>
    </message>
    <message>
        <source>EMPTY</source>
        <translation>空</translation>
    </message>
    <message>
        <source>no content blocks</source>
        <translation>没有内容块</translation>
    </message>
    <message>
        <source>Showing the first {n} characters; Save keeps everything.</source>
        <translation>仅显示前 {n} 个字符；“保存”会保留全部内容。</translation>
    </message>
    <message>
        <source>{w} × {h} pixels</source>
        <translation>{w} × {h} 像素</translation>
    </message>
    <message>
        <source>Image preview, {w} × {h} pixels</source>
        <translation>图像预览，{w} × {h} 像素</translation>
    </message>
    <message>
        <source>not a content block object</source>
        <translation>不是内容块对象</translation>
    </message>
    <message>
        <source>could not show this block: {0}</source>
        <translation>无法显示此内容块：{0}</translation>
    </message>
    <message>
        <source>TEXT</source>
        <translation>文本</translation>
    </message>
    <message>
        <source>the text member is missing or not a string</source>
        <translation>缺少 text 成员，或其不是字符串</translation>
    </message>
    <message numerus="yes">
        <source>%n character(s)</source>
        <translation>
            <numerusform>%n 个字符</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>text, %n character(s)</source>
        <translation>
            <numerusform>文本，%n 个字符</numerusform>
        </translation>
    </message>
    <message>
        <source>{0} characters</source>
        <translation type="vanished">{0} 个字符</translation>
    </message>
    <message>
        <source>IMAGE</source>
        <translation>图像</translation>
    </message>
    <message>
        <source>the data is not an image Qt can read ({0})</source>
        <translation>data 不是 Qt 能读取的图像（{0}）</translation>
    </message>
    <message>
        <source>shown at {0}×</source>
        <translation>按 {0}× 显示</translation>
    </message>
    <message>
        <source>shown at {0}%</source>
        <translation>按 {0}% 显示</translation>
    </message>
    <message>
        <source>AUDIO</source>
        <translation>音频</translation>
    </message>
    <message>
        <source>{0:.2f} s</source>
        <translation>{0:.2f} 秒</translation>
    </message>
    <message>
        <source>{0} Hz, {1} ch, {2}-bit</source>
        <translation>{0} Hz，{1} 声道，{2} 位</translation>
    </message>
    <message>
        <source>WAV header not readable</source>
        <translation>无法读取 WAV 头</translation>
    </message>
    <message>
        <source>RESOURCE</source>
        <translation>资源</translation>
    </message>
    <message>
        <source>the resource member is missing or not an object</source>
        <translation>缺少 resource 成员，或其不是对象</translation>
    </message>
    <message>
        <source>text, {0} characters</source>
        <translation type="vanished">文本，{0} 个字符</translation>
    </message>
    <message>
        <source>blob, {0}</source>
        <translation>blob，{0}</translation>
    </message>
    <message>
        <source>the resource has neither text nor blob</source>
        <translation>该资源既没有 text 也没有 blob</translation>
    </message>
    <message>
        <source>RESOURCE LINK</source>
        <translation>资源链接</translation>
    </message>
    <message>
        <source>Open {0}</source>
        <translation>打开 {0}</translation>
    </message>
    <message>
        <source>the link has no uri</source>
        <translation>该链接没有 uri</translation>
    </message>
    <message>
        <source>UNKNOWN: {0}</source>
        <translation>未知：{0}</translation>
    </message>
    <message>
        <source>UNKNOWN</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>shown as JSON</source>
        <translation>以 JSON 显示</translation>
    </message>
    <message>
        <source>no outputSchema declared: not checked</source>
        <translation>未声明 outputSchema：未校验</translation>
    </message>
    <message>
        <source>the tool declares an outputSchema but returned no structuredContent</source>
        <translation>该工具声明了 outputSchema，却未返回 structuredContent</translation>
    </message>
    <message>
        <source>matches the outputSchema</source>
        <translation>符合 outputSchema</translation>
    </message>
    <message>
        <source>does not match the outputSchema {0}</source>
        <translation>不符合 outputSchema（{0}）</translation>
    </message>
    <message>
        <source>STRUCTURED CONTENT</source>
        <translation>结构化内容</translation>
    </message>
</context>
<context>
    <name>ContentsView</name>
    <message>
        <source>Select a resource and press Read.</source>
        <translation type="vanished">选择一个资源，然后点击“读取”。</translation>
    </message>
    <message>
        <source>The server returned no contents.</source>
        <translation type="vanished">服务器未返回任何内容。</translation>
    </message>
</context>
<context>
    <name>Conversation</name>
    <message>
        <source>Press Get to fetch the prompt's messages.</source>
        <translation>点击“获取提示”以获取该提示的消息。</translation>
    </message>
    <message>
        <source>The prompt has no messages.</source>
        <translation>该提示没有消息。</translation>
    </message>
    <message>
        <source>Description: {text}</source>
        <translation>描述：{text}</translation>
    </message>
</context>
<context>
    <name>DetailPane</name>
    <message>
        <source>Hex</source>
        <translation>十六进制</translation>
    </message>
    <message>
        <source>Show a hex dump of the exact bytes, line terminator included</source>
        <translation>以十六进制转储显示原始字节（含行结束符）</translation>
    </message>
    <message>
        <source>Save bytes…</source>
        <translation>保存字节…</translation>
    </message>
    <message>
        <source>Write the exact bytes of this entry to a file</source>
        <translation>将此条目的原始字节原样写入文件</translation>
    </message>
    <message>
        <source>Show all</source>
        <translation>全部显示</translation>
    </message>
    <message>
        <source>Show the whole line (may take several seconds for many MiB)</source>
        <translation>显示整行（行长达数 MiB 时可能需要几秒钟）</translation>
    </message>
    <message>
        <source>JSON</source>
        <translation>JSON</translation>
    </message>
    <message>
        <source>Expand</source>
        <translation>展开</translation>
    </message>
    <message>
        <source>Expand the selected node (or the whole message) three levels deep</source>
        <translation>将所选节点（或整条消息）向下展开三层</translation>
    </message>
    <message>
        <source>Collapse</source>
        <translation>折叠</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>键</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>Select an entry in the timeline to see its bytes and what the inspector found.</source>
        <translation>在时间线中选择一个条目，即可查看其原始字节和检查结果。</translation>
    </message>
    <message>
        <source>{t} s</source>
        <translation>{t} 秒</translation>
    </message>
    <message>
        <source>id {id}</source>
        <translation>id {id}</translation>
    </message>
    <message>
        <source>{n} bytes</source>
        <translation>{n} 字节</translation>
    </message>
    <message>
        <source>latency {ms}</source>
        <translation>延迟 {ms}</translation>
    </message>
    <message>
        <source>held {held} at the step gate: read at {t} s, released at {r} s</source>
        <translation>在单步闸门处等待 {held}：于 {t} 秒读取，于 {r} 秒放行</translation>
    </message>
    <message>
        <source>state after: {state}</source>
        <translation>此后状态：{state}</translation>
    </message>
    <message>
        <source>Go to response #{seq}</source>
        <translation>转到响应 #{seq}</translation>
    </message>
    <message>
        <source>Go to request #{seq}</source>
        <translation>转到请求 #{seq}</translation>
    </message>
    <message>
        <source>⚠ {rule}  ({severity})</source>
        <translation>⚠ {rule}（{severity}）</translation>
    </message>
    <message>
        <source>Spec: {section}</source>
        <translation>规范：{section}</translation>
    </message>
    <message>
        <source>✗ Invalid against the JSON Schema</source>
        <translation>✗ 不符合 JSON Schema</translation>
    </message>
    <message>
        <source> (checked as {definition})</source>
        <translation>（按 {definition} 校验）</translation>
    </message>
    <message>
        <source>Show all schema errors</source>
        <translation>显示全部 Schema 错误</translation>
    </message>
    <message>
        <source>Validate again and list every error, not only the first</source>
        <translation>重新校验并列出所有错误，而不只是第一个</translation>
    </message>
    <message>
        <source>Path</source>
        <translation>路径</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>消息</translation>
    </message>
    <message>
        <source>✓ Valid against the JSON Schema; no protocol rule broken</source>
        <translation>✓ 符合 JSON Schema，未违反任何协议规则</translation>
    </message>
    <message>
        <source>ℹ {rule}  ({severity})</source>
        <translation>ℹ {rule}  （{severity}）</translation>
    </message>
    <message>
        <source>Problem: {problem}</source>
        <translation>问题：{problem}</translation>
    </message>
    <message>
        <source>Lifecycle: {src} → {dst}</source>
        <translation>生命周期：{src} → {dst}</translation>
    </message>
    <message>
        <source>   failure edge</source>
        <translation>   （失败转换）</translation>
    </message>
    <message>
        <source>The whole exchange, headers included, is in the HTTP tab.</source>
        <translation>完整的交换（含请求头和响应头）见“HTTP”标签页。</translation>
    </message>
    <message>
        <source>event: {event}</source>
        <translation>事件：{event}</translation>
    </message>
    <message>
        <source>exit code: {code}</source>
        <translation>退出码：{code}</translation>
    </message>
    <message>
        <source>signal: {signal}</source>
        <translation>信号：{signal}</translation>
    </message>
    <message>
        <source>pid: {pid}</source>
        <translation>PID：{pid}</translation>
    </message>
    <message>
        <source>Process</source>
        <translation>进程</translation>
    </message>
    <message>
        <source>What the HTTP transport noted beside the messages (a request that failed, a stream that ended).</source>
        <translation>HTTP 传输在消息之外记下的内容（失败的请求、结束的流）。</translation>
    </message>
    <message>
        <source>The body of an HTTP answer that is no message (its exchange is the HTTP event before it).</source>
        <translation>一个不是消息的 HTTP 响应体（它所属的交换是前面的那条 HTTP 事件）。</translation>
    </message>
    <message>
        <source>JSON from the first {shown} of {total}: cut values end with …</source>
        <translation>JSON 取自 {total} 中的前 {shown}：被截断的值以 … 结尾</translation>
    </message>
    <message>
        <source>Parse all</source>
        <translation>全部解析</translation>
    </message>
    <message>
        <source>Build the tree of the whole message (a moment for many MiB)</source>
        <translation>为整条消息构建树（数 MiB 的消息需要片刻）</translation>
    </message>
    <message>
        <source>Exchange (entry {seq})</source>
        <translation>交换（条目 {seq}）</translation>
    </message>
    <message>
        <source>(body: the message of entry {seq})</source>
        <translation>（请求体：条目 {seq} 的消息）</translation>
    </message>
    <message>
        <source>(no answer)</source>
        <translation>（无响应）</translation>
    </message>
    <message>
        <source>(body: {n} bytes)</source>
        <translation>（响应体：{n} 字节）</translation>
    </message>
    <message>
        <source>(past the limit: {n} bytes counted and dropped)</source>
        <translation>（超过上限：{n} 字节已计数并丢弃）</translation>
    </message>
    <message>
        <source>(the body passed the limit of {n} bytes)</source>
        <translation>（响应体超过了 {n} 字节的上限）</translation>
    </message>
    <message>
        <source>The body did not arrive whole: {error}</source>
        <translation>响应体没有完整到达：{error}</translation>
    </message>
    <message>
        <source>Redirect to {location}: not followed</source>
        <translation>重定向到 {location}：未跟随</translation>
    </message>
    <message>
        <source>JSON-RPC error code in the body: {code}</source>
        <translation>响应体中的 JSON-RPC 错误码：{code}</translation>
    </message>
    <message>
        <source>This message</source>
        <translation>本条消息</translation>
    </message>
    <message>
        <source>channel: {channel}</source>
        <translation>通道：{channel}</translation>
    </message>
    <message>
        <source>content type: {type}</source>
        <translation>内容类型：{type}</translation>
    </message>
    <message>
        <source>A line the server wrote to stderr (not part of the protocol).</source>
        <translation>服务器写入 stderr 的一行（不属于协议消息）。</translation>
    </message>
    <message>
        <source>{n} more errors not listed</source>
        <translation>另有 {n} 个错误未列出</translation>
    </message>
    <message>
        <source>not a JSON-RPC message: no schema applies</source>
        <translation>不是 JSON-RPC 消息：没有适用的 Schema</translation>
    </message>
    <message>
        <source>the protocol version of this session is unknown</source>
        <translation>本会话的协议版本未知</translation>
    </message>
    <message>
        <source>no schema for protocol version {version}</source>
        <translation>没有协议版本 {version} 的 Schema</translation>
    </message>
    <message>
        <source>valid against the schema of {version}</source>
        <translation>符合 {version} 的 Schema</translation>
    </message>
    <message>
        <source>{n} schema errors ({version})</source>
        <translation>{n} 个 Schema 错误（{version}）</translation>
    </message>
    <message>
        <source>Raw bytes</source>
        <translation>原始字节</translation>
    </message>
    <message>
        <source>HTTP: {exchange}</source>
        <translation>HTTP：{exchange}</translation>
    </message>
    <message>
        <source>channel {channel}</source>
        <translation>通道 {channel}</translation>
    </message>
    <message>
        <source>SSE id {id}</source>
        <translation>SSE id {id}</translation>
    </message>
    <message>
        <source>SSE event {event}</source>
        <translation>SSE 事件 {event}</translation>
    </message>
    <message>
        <source>retry {ms} ms</source>
        <translation>重连间隔 {ms} 毫秒</translation>
    </message>
    <message>
        <source>{n} B</source>
        <translation>{n} B</translation>
    </message>
    <message>
        <source>invalid UTF-8 at byte {at}</source>
        <translation>第 {at} 字节处 UTF-8 无效</translation>
    </message>
    <message>
        <source>ends with CR LF</source>
        <translation>CR LF 结尾</translation>
    </message>
    <message>
        <source>ends with LF</source>
        <translation>LF 结尾</translation>
    </message>
    <message>
        <source>no line terminator</source>
        <translation>无行尾符</translation>
    </message>
    <message>
        <source>showing {shown} of {total}</source>
        <translation>已显示 {shown}，共 {total}</translation>
    </message>
    <message>
        <source> (the hex dump stops here; Save bytes… writes them all)</source>
        <translation>（十六进制转储到此为止；“保存字节…”可写出全部字节）</translation>
    </message>
    <message>
        <source>Save the exact bytes of entry #{seq}</source>
        <translation>保存条目 #{seq} 的原始字节</translation>
    </message>
    <message>
        <source>JSON ({what})</source>
        <translation>JSON（{what}）</translation>
    </message>
    <message>
        <source>{n} more — double-click to show</source>
        <translation>还有 {n} 项 — 双击显示</translation>
    </message>
    <message>
        <source>HTTP</source>
        <translation>HTTP</translation>
    </message>
    <message>
        <source>The HTTP exchange this entry travelled in: request, response, headers (secret values masked)</source>
        <translation>本条目所经过的 HTTP 交换：请求、响应、头部（机密值已遮蔽）</translation>
    </message>
    <message>
        <source>[{n} characters]</source>
        <translation>[{n} 个字符]</translation>
    </message>
    <message>
        <source>{{{n} keys}}</source>
        <translation>{{{n} 个键}}</translation>
    </message>
    <message>
        <source>{1 key}</source>
        <translation>{1 个键}</translation>
    </message>
    <message>
        <source>[{n} items]</source>
        <translation>[{n} 项]</translation>
    </message>
    <message>
        <source>[1 item]</source>
        <translation>[1 项]</translation>
    </message>
    <message>
        <source>error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>info</source>
        <translation>提示</translation>
    </message>
</context>
<context>
    <name>Doctor</name>
    <message>
        <source>${{secret:…}} names a variable the server is not given: {names}.</source>
        <translation>${{secret:…}} 引用了未提供给服务器的变量：{names}。</translation>
    </message>
    <message>
        <source>A TCP connection opens</source>
        <translation>能建立 TCP 连接</translation>
    </message>
    <message>
        <source>A firewall may drop the packets, or the host is down: check the address and network.</source>
        <translation>可能是防火墙丢弃了数据包，或主机已关闭：请检查地址和网络。</translation>
    </message>
    <message>
        <source>Add a #! line naming its interpreter, or start it through its interpreter.</source>
        <translation>添加一行指明解释器的 #!，或通过其解释器启动它。</translation>
    </message>
    <message>
        <source>Add the certificate to the system's trust store (or SSL_CERT_FILE), or turn off verification for this server if you trust it.</source>
        <translation>将该证书加入系统的信任存储（或 SSL_CERT_FILE）；如果信任该服务器，也可以对它关闭验证。</translation>
    </message>
    <message>
        <source>Add the issuing CA to the system's trust store (or SSL_CERT_FILE); the server may also be missing an intermediate certificate.</source>
        <translation>将签发的 CA 加入系统的信任存储（或 SSL_CERT_FILE）；服务器也可能缺少中间证书。</translation>
    </message>
    <message>
        <source>Add the variable to the server's environment (marked secret), or fix the name.</source>
        <translation>将该变量加入服务器的环境（标记为机密），或更正名称。</translation>
    </message>
    <message>
        <source>An environment reference is left as written: {names}.</source>
        <translation>有环境变量引用未被展开：{names}。</translation>
    </message>
    <message>
        <source>An input was never filled in: {names}.</source>
        <translation>有输入项从未填写：{names}。</translation>
    </message>
    <message>
        <source>Check that the URL is an MCP endpoint.</source>
        <translation>请确认该 URL 是 MCP 端点。</translation>
    </message>
    <message>
        <source>Check that the credentials given are the right ones and have the rights needed.</source>
        <translation>请确认所给凭据正确并具备所需权限。</translation>
    </message>
    <message>
        <source>Check that the port speaks TLS (https) and not plain HTTP.</source>
        <translation>请确认该端口使用 TLS（https），而不是明文 HTTP。</translation>
    </message>
    <message>
        <source>Check the URL's path (often /mcp) and the server's logs.</source>
        <translation>请检查 URL 的路径（通常是 /mcp）和服务器日志。</translation>
    </message>
    <message>
        <source>Check the URL: it may reach a web page or another service, not the MCP endpoint.</source>
        <translation>请检查 URL：它可能指向网页或其他服务，而不是 MCP 端点。</translation>
    </message>
    <message>
        <source>Check the address and your network.</source>
        <translation>请检查地址和网络。</translation>
    </message>
    <message>
        <source>Check the host name for typos, your network and DNS, or use the IP address.</source>
        <translation>请检查主机名是否拼写有误，检查网络和 DNS，或改用 IP 地址。</translation>
    </message>
    <message>
        <source>Check the server's logs; a proxy on the way may have cut the connection.</source>
        <translation>请查看服务器日志；途中的代理可能切断了连接。</translation>
    </message>
    <message>
        <source>Check this machine's clock; otherwise the server's certificate is dated in the future.</source>
        <translation>请检查本机时钟；否则就是服务器证书的生效日期在未来。</translation>
    </message>
    <message>
        <source>Choose the legacy era, or update the server or the inspector.</source>
        <translation>请选择旧版时代，或更新服务器或检查器。</translation>
    </message>
    <message>
        <source>Connected to {address} port {port} in {ms} ms.</source>
        <translation>在 {ms} 毫秒内连接到 {address} 端口 {port}。</translation>
    </message>
    <message>
        <source>Connection Doctor</source>
        <translation>连接诊断</translation>
    </message>
    <message>
        <source>Correct the command, its working directory or its permissions.</source>
        <translation>请更正命令、其工作目录或其权限。</translation>
    </message>
    <message>
        <source>Correct the path (a relative path is taken from the working directory).</source>
        <translation>请更正路径（相对路径从工作目录算起）。</translation>
    </message>
    <message>
        <source>Correct the script's path, or set the working directory it is relative to.</source>
        <translation>请更正脚本路径，或设置它所相对的工作目录。</translation>
    </message>
    <message>
        <source>Create the folder, or correct the server's working directory.</source>
        <translation>请创建该文件夹，或更正服务器的工作目录。</translation>
    </message>
    <message>
        <source>Diagnosing {target}…</source>
        <translation>正在诊断 {target}…</translation>
    </message>
    <message>
        <source>Every check passed: {target}</source>
        <translation>所有检查均已通过：{target}</translation>
    </message>
    <message>
        <source>Every referenced variable and input is set</source>
        <translation>所引用的变量和输入都已设置</translation>
    </message>
    <message>
        <source>Fix the server's certificate, or trust it on this machine.</source>
        <translation>请修复服务器的证书，或在本机信任它。</translation>
    </message>
    <message>
        <source>Give a folder as the working directory.</source>
        <translation>请将一个文件夹设为工作目录。</translation>
    </message>
    <message>
        <source>Give the command that starts the server.</source>
        <translation>请给出启动服务器的命令。</translation>
    </message>
    <message>
        <source>Give the credentials the server expects in a header (Authorization: Bearer …, or an API key header).</source>
        <translation>请在请求头中提供服务器要求的凭据（Authorization: Bearer …，或 API 密钥请求头）。</translation>
    </message>
    <message>
        <source>Give the folder execute permission for your user, or choose another.</source>
        <translation>请为当前用户授予该文件夹的执行权限，或另选一个文件夹。</translation>
    </message>
    <message>
        <source>Give the program inside the folder, not the folder.</source>
        <translation>请给出文件夹中的程序，而不是文件夹本身。</translation>
    </message>
    <message>
        <source>Give the server's address as http(s)://HOST[:PORT]/PATH.</source>
        <translation>请以 http(s)://主机[:端口]/路径 的形式给出服务器地址。</translation>
    </message>
    <message>
        <source>Give the variables their values, or remove them if the server does not need them.</source>
        <translation>请为这些变量赋值；如果服务器不需要，就删除它们。</translation>
    </message>
    <message>
        <source>Import the server again and fill in the input, or put the value in by hand.</source>
        <translation>请重新导入该服务器并填写输入项，或手动填入值。</translation>
    </message>
    <message>
        <source>Install {interpreter}, or change the script's #! line to where it is.</source>
        <translation>请安装 {interpreter}，或将脚本的 #! 行改为它所在的位置。</translation>
    </message>
    <message>
        <source>Install {interpreter}, or put the folder that holds it on PATH.</source>
        <translation>请安装 {interpreter}，或将包含它的文件夹加入 PATH。</translation>
    </message>
    <message>
        <source>Install {program}, or give its full path. A window started from the desktop may have a shorter PATH than your terminal: `command -v {program}` in the terminal shows where it is.</source>
        <translation>请安装 {program}，或给出其完整路径。从桌面启动的窗口的 PATH 可能比终端的短：在终端中运行 `command -v {program}` 可查看它所在的位置。</translation>
    </message>
    <message>
        <source>It answered initialize with version {version} in {seconds} s (legacy era: {basis}).</source>
        <translation>它在 {seconds} 秒内应答了 initialize，版本 {version}（旧版时代：{basis}）。</translation>
    </message>
    <message>
        <source>It answered server/discover in {seconds} s: modern era, version {version} ({basis}).</source>
        <translation>它在 {seconds} 秒内应答了 server/discover：新版时代，版本 {version}（{basis}）。</translation>
    </message>
    <message>
        <source>Its interpreter or launcher exists</source>
        <translation>其解释器或启动器存在</translation>
    </message>
    <message>
        <source>Make it executable (chmod +x {path}), or start it through its interpreter.</source>
        <translation>请将其设为可执行（chmod +x {path}），或通过其解释器启动它。</translation>
    </message>
    <message>
        <source>Make the file readable for your user.</source>
        <translation>请让当前用户可以读取该文件。</translation>
    </message>
    <message>
        <source>Neither Streamable HTTP nor HTTP+SSE answered.</source>
        <translation>Streamable HTTP 和 HTTP+SSE 均无应答。</translation>
    </message>
    <message>
        <source>No HTTP answer came: {why}.</source>
        <translation>没有收到 HTTP 应答：{why}。</translation>
    </message>
    <message>
        <source>No authorization is in the way</source>
        <translation>没有授权阻碍</translation>
    </message>
    <message>
        <source>No working directory is set: the server starts in the inspector's, {cwd}.</source>
        <translation>未设置工作目录：服务器将在检查器的工作目录 {cwd} 中启动。</translation>
    </message>
    <message>
        <source>Not run: an earlier check failed.</source>
        <translation>未运行：之前的检查失败了。</translation>
    </message>
    <message>
        <source>Not tried directly: requests go through the proxy {proxy}.</source>
        <translation>未直接尝试：请求经由代理 {proxy}。</translation>
    </message>
    <message>
        <source>Nothing but JSON-RPC on stdout before the handshake</source>
        <translation>握手完成前 stdout 上只有 JSON-RPC</translation>
    </message>
    <message>
        <source>Nothing is left unfilled; the server is given {names}.</source>
        <translation>没有未填写的项；服务器获得了 {names}。</translation>
    </message>
    <message>
        <source>Put the value itself in, or set the variable and import the server again.</source>
        <translation>请直接填入值，或设置该变量后重新导入服务器。</translation>
    </message>
    <message>
        <source>Put the value itself in, or start the command through a shell (sh -c '…') if it needs one.</source>
        <translation>请直接填入值；如果命令需要 shell，请通过 shell 启动它（sh -c '…'）。</translation>
    </message>
    <message>
        <source>Read its stderr above: it usually says why. Run the command in a terminal to see more.</source>
        <translation>请阅读上方的 stderr：通常会说明原因。在终端中运行该命令可看到更多信息。</translation>
    </message>
    <message>
        <source>Read the server's stderr and the timeline; a longer connect timeout helps a slow server.</source>
        <translation>请阅读服务器的 stderr 和时间线；对启动较慢的服务器，可延长连接超时。</translation>
    </message>
    <message>
        <source>Requests go through the proxy {proxy}; its connection was not tried here.</source>
        <translation>请求经由代理 {proxy}；此处未尝试其连接。</translation>
    </message>
    <message>
        <source>Shell syntax reaches the server as written (no shell runs the command): {names}.</source>
        <translation>shell 语法会原样传给服务器（没有 shell 运行该命令）：{names}。</translation>
    </message>
    <message>
        <source>Sign in (OAuth) before connecting, or give a token in an Authorization header.</source>
        <translation>请在连接前登录（OAuth），或在 Authorization 请求头中提供令牌。</translation>
    </message>
    <message>
        <source>Start the server, or correct the port; check that it listens on this address.</source>
        <translation>请启动服务器或更正端口；并确认它在此地址上监听。</translation>
    </message>
    <message>
        <source>Stdout is the protocol's channel: the server must write logs and banners to stderr. Most clients fail on these lines.</source>
        <translation>stdout 是协议的通道：服务器必须将日志和横幅写到 stderr。大多数客户端遇到这些行都会失败。</translation>
    </message>
    <message>
        <source>Stopped at the first failure: {title}</source>
        <translation>在第一个失败处停止：{title}</translation>
    </message>
    <message>
        <source>The HTTP transport is found</source>
        <translation>找到了 HTTP 传输</translation>
    </message>
    <message>
        <source>The POST of {first} was answered {first_status} (the server does not speak that era); the POST of {request} to {url} was answered {status} ({content_type}).</source>
        <translation>{first} 的 POST 得到应答 {first_status}（服务器不支持该时代）；发往 {url} 的 {request} 的 POST 得到应答 {status}（{content_type}）。</translation>
    </message>
    <message>
        <source>The POST of {request} to {url} was answered {status} ({content_type}).</source>
        <translation>发往 {url} 的 {request} 的 POST 得到应答 {status}（{content_type}）。</translation>
    </message>
    <message>
        <source>The POST of {request} to {url} was answered {status} with {content_type}, not JSON or an event stream.</source>
        <translation>发往 {url} 的 {request} 的 POST 得到应答 {status}，内容类型为 {content_type}，既不是 JSON 也不是事件流。</translation>
    </message>
    <message>
        <source>The POST of {request} to {url} was answered {status}: authorization is asked for.</source>
        <translation>发往 {url} 的 {request} 的 POST 得到应答 {status}：要求授权。</translation>
    </message>
    <message>
        <source>The POST of {request} to {url} was answered {status}; HTTP+SSE answered there instead.</source>
        <translation>发往 {url} 的 {request} 的 POST 得到应答 {status}；改由 HTTP+SSE 在该处应答。</translation>
    </message>
    <message>
        <source>The TLS certificate is trusted</source>
        <translation>TLS 证书受信任</translation>
    </message>
    <message>
        <source>The TLS handshake failed: {error}.</source>
        <translation>TLS 握手失败：{error}。</translation>
    </message>
    <message>
        <source>The URL can be read</source>
        <translation>URL 可以解析</translation>
    </message>
    <message>
        <source>The URL is plain http://: no TLS.</source>
        <translation>URL 是明文 http://：没有 TLS。</translation>
    </message>
    <message>
        <source>The certificate cannot be verified ({reason}), and this server is set to skip verification.</source>
        <translation>证书无法验证（{reason}），且此服务器设置为跳过验证。</translation>
    </message>
    <message>
        <source>The certificate cannot be verified: {reason}.</source>
        <translation>证书无法验证：{reason}。</translation>
    </message>
    <message>
        <source>The certificate has expired: {reason}.</source>
        <translation>证书已过期：{reason}。</translation>
    </message>
    <message>
        <source>The certificate is for another name than {host}: {reason}.</source>
        <translation>证书签发给的名称不是 {host}：{reason}。</translation>
    </message>
    <message>
        <source>The certificate is not valid yet: {reason}.</source>
        <translation>证书尚未生效：{reason}。</translation>
    </message>
    <message>
        <source>The certificate is self-signed: {reason}.</source>
        <translation>证书是自签名的：{reason}。</translation>
    </message>
    <message>
        <source>The certificate's issuer is not in the system's trust store: {reason}.</source>
        <translation>证书的签发者不在系统的信任存储中：{reason}。</translation>
    </message>
    <message>
        <source>The command is empty.</source>
        <translation>命令为空。</translation>
    </message>
    <message>
        <source>The command is found</source>
        <translation>找到了命令</translation>
    </message>
    <message>
        <source>The command may be run</source>
        <translation>命令可以运行</translation>
    </message>
    <message>
        <source>The command refers to no variable or input.</source>
        <translation>命令没有引用任何变量或输入。</translation>
    </message>
    <message>
        <source>The doctor could not run: {why}</source>
        <translation>诊断无法运行：{why}</translation>
    </message>
    <message>
        <source>The host name resolves</source>
        <translation>主机名可以解析</translation>
    </message>
    <message>
        <source>The server (pid {pid}) was running {seconds} s after it started.</source>
        <translation>服务器（pid {pid}）在启动 {seconds} 秒后仍在运行。</translation>
    </message>
    <message>
        <source>The server answers the start sequence</source>
        <translation>服务器应答了启动序列</translation>
    </message>
    <message>
        <source>The server answers the start sequence's POST</source>
        <translation>服务器应答了启动序列的 POST</translation>
    </message>
    <message>
        <source>The server could not be started: {why}.</source>
        <translation>无法启动服务器：{why}。</translation>
    </message>
    <message>
        <source>The server did not ask for authorization.</source>
        <translation>服务器没有要求授权。</translation>
    </message>
    <message>
        <source>The server does not read its stdin: is it an MCP server over stdio?</source>
        <translation>服务器没有读取其 stdin：它是基于 stdio 的 MCP 服务器吗？</translation>
    </message>
    <message>
        <source>The server may be slow to start (npx, uvx downloading): raise the connect timeout.</source>
        <translation>服务器可能启动较慢（npx、uvx 正在下载）：请延长连接超时。</translation>
    </message>
    <message>
        <source>The server refuses access (HTTP 403) with no challenge to sign in.</source>
        <translation>服务器拒绝访问（HTTP 403），且没有要求登录。</translation>
    </message>
    <message>
        <source>The server speaks Streamable HTTP.</source>
        <translation>服务器使用 Streamable HTTP。</translation>
    </message>
    <message>
        <source>The server speaks the 2024-11-05 HTTP+SSE transport.</source>
        <translation>服务器使用 2024-11-05 的 HTTP+SSE 传输。</translation>
    </message>
    <message>
        <source>The server starts and stays up</source>
        <translation>服务器能启动并保持运行</translation>
    </message>
    <message>
        <source>The server wants a sign-in (HTTP {status}), but its OAuth metadata is unusable: {why}.</source>
        <translation>服务器要求登录（HTTP {status}），但其 OAuth 元数据不可用：{why}。</translation>
    </message>
    <message>
        <source>The server wants a sign-in (HTTP {status}); its OAuth metadata is there: issuer {issuer}.</source>
        <translation>服务器要求登录（HTTP {status}）；其 OAuth 元数据存在：颁发者 {issuer}。</translation>
    </message>
    <message>
        <source>The server wants authorization (HTTP {status}) and publishes no OAuth metadata.</source>
        <translation>服务器要求授权（HTTP {status}），但没有发布 OAuth 元数据。</translation>
    </message>
    <message>
        <source>The server wrote {count} lines on stdout before the handshake was done, all JSON-RPC.</source>
        <translation>握手完成前，服务器在 stdout 上写了 {count} 行，全部是 JSON-RPC。</translation>
    </message>
    <message>
        <source>The server wrote {count} lines on stdout that are not JSON-RPC before the handshake was done.</source>
        <translation>握手完成前，服务器在 stdout 上写了 {count} 行不是 JSON-RPC 的内容。</translation>
    </message>
    <message>
        <source>The server {how} {seconds} s after it started.</source>
        <translation>服务器在启动 {seconds} 秒后{how}。</translation>
    </message>
    <message>
        <source>The server's OAuth set-up must be fixed; meanwhile give a token in a header.</source>
        <translation>服务器的 OAuth 配置需要修复；在此之前，请在请求头中提供令牌。</translation>
    </message>
    <message>
        <source>The server's certificate must be renewed (or the clock of one machine is wrong).</source>
        <translation>服务器的证书需要续期（或某台机器的时钟不对）。</translation>
    </message>
    <message>
        <source>The working directory exists</source>
        <translation>工作目录存在</translation>
    </message>
    <message>
        <source>Update the server, or accept the version it offers (accept unsupported versions).</source>
        <translation>请更新服务器，或接受它提供的版本（接受不受支持的版本）。</translation>
    </message>
    <message>
        <source>Use the name the certificate was issued for, or get a certificate for this name.</source>
        <translation>请使用证书签发时的名称，或为此名称申请证书。</translation>
    </message>
    <message>
        <source>Variables given an empty value: {names}.</source>
        <translation>被赋予空值的变量：{names}。</translation>
    </message>
    <message>
        <source>Verification is off for this server: anyone on the way could read or change the traffic.</source>
        <translation>此服务器已关闭验证：途中任何人都可能读取或篡改通信内容。</translation>
    </message>
    <message>
        <source>What to do: {advice}</source>
        <translation>处理办法：{advice}</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>not run</source>
        <translation>未运行</translation>
    </message>
    <message>
        <source>passed</source>
        <translation>通过</translation>
    </message>
    <message>
        <source>warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>{address} port {port} cannot be reached: {error}.</source>
        <translation>无法访问 {address} 端口 {port}：{error}。</translation>
    </message>
    <message>
        <source>{address} port {port} did not answer within {seconds} s.</source>
        <translation>{address} 端口 {port} 在 {seconds} 秒内没有应答。</translation>
    </message>
    <message>
        <source>{address} port {port} refused the connection: nothing listens there.</source>
        <translation>{address} 端口 {port} 拒绝了连接：那里没有程序在监听。</translation>
    </message>
    <message>
        <source>{cwd} cannot be entered (permission denied).</source>
        <translation>无法进入 {cwd}（权限被拒绝）。</translation>
    </message>
    <message>
        <source>{cwd} does not exist.</source>
        <translation>{cwd} 不存在。</translation>
    </message>
    <message>
        <source>{cwd} is a folder.</source>
        <translation>{cwd} 是一个文件夹。</translation>
    </message>
    <message>
        <source>{cwd} is not a folder.</source>
        <translation>{cwd} 不是文件夹。</translation>
    </message>
    <message>
        <source>{host} does not resolve: {error}.</source>
        <translation>{host} 无法解析：{error}。</translation>
    </message>
    <message>
        <source>{host} is an IP address: nothing to resolve.</source>
        <translation>{host} 是 IP 地址：无需解析。</translation>
    </message>
    <message>
        <source>{host} resolves to {addresses}.</source>
        <translation>{host} 解析为 {addresses}。</translation>
    </message>
    <message>
        <source>{outcome}</source>
        <translation>{outcome}</translation>
    </message>
    <message>
        <source>{path} cannot be read to see how it runs: {error}.</source>
        <translation>无法读取 {path} 以判断其运行方式：{error}。</translation>
    </message>
    <message>
        <source>{path} does not exist.</source>
        <translation>{path} 不存在。</translation>
    </message>
    <message>
        <source>{path} exists.</source>
        <translation>{path} 存在。</translation>
    </message>
    <message>
        <source>{path} is a compiled program: it needs no interpreter.</source>
        <translation>{path} 是已编译的程序：不需要解释器。</translation>
    </message>
    <message>
        <source>{path} is a folder, not a program.</source>
        <translation>{path} 是文件夹，不是程序。</translation>
    </message>
    <message>
        <source>{path} is a script run by {interpreter}, found on PATH at {found}.</source>
        <translation>{path} 是由 {interpreter} 运行的脚本，在 PATH 中位于 {found}。</translation>
    </message>
    <message>
        <source>{path} is a script run by {interpreter}, which does not exist.</source>
        <translation>{path} 是由 {interpreter} 运行的脚本，而 {interpreter} 不存在。</translation>
    </message>
    <message>
        <source>{path} is a script run by {interpreter}, which exists.</source>
        <translation>{path} 是由 {interpreter} 运行的脚本，{interpreter} 存在。</translation>
    </message>
    <message>
        <source>{path} is a script run by {interpreter}, which is not on PATH.</source>
        <translation>{path} 是由 {interpreter} 运行的脚本，而 {interpreter} 不在 PATH 中。</translation>
    </message>
    <message>
        <source>{path} is neither a compiled program nor a script with a #! line.</source>
        <translation>{path} 既不是已编译的程序，也不是带 #! 行的脚本。</translation>
    </message>
    <message>
        <source>{path} is not marked executable (mode {mode}).</source>
        <translation>{path} 未标记为可执行（模式 {mode}）。</translation>
    </message>
    <message>
        <source>{path} may be run (mode {mode}).</source>
        <translation>{path} 可以运行（模式 {mode}）。</translation>
    </message>
    <message>
        <source>{problem}</source>
        <translation>{problem}</translation>
    </message>
    <message>
        <source>{program} fetches and runs {package}; its first start may take a while.</source>
        <translation>{program} 会下载并运行 {package}；首次启动可能需要一些时间。</translation>
    </message>
    <message>
        <source>{program} is found on PATH at {path}.</source>
        <translation>在 PATH 中找到 {program}，位于 {path}。</translation>
    </message>
    <message>
        <source>{program} is in none of the {count} folders on PATH ({where}).</source>
        <translation>PATH 中的 {count} 个文件夹里都没有 {program}（{where}）。</translation>
    </message>
    <message>
        <source>{program} is to run {script}, which does not exist (looked for at {path}).</source>
        <translation>{program} 要运行 {script}，但它不存在（查找位置：{path}）。</translation>
    </message>
    <message>
        <source>{program} runs {script}, which exists.</source>
        <translation>{program} 运行 {script}，该文件存在。</translation>
    </message>
    <message>
        <source>{protocol} with a certificate for {subject} from {issuer}, valid until {expires}.</source>
        <translation>{protocol}，证书颁发给 {subject}，签发者 {issuer}，有效期至 {expires}。</translation>
    </message>
    <message>
        <source>{scheme} to {host}, port {port}, path {path}.</source>
        <translation>{scheme} 连接到 {host}，端口 {port}，路径 {path}。</translation>
    </message>
    <message>
        <source>Point SSL_CERT_FILE at the system's CA bundle (often /etc/ssl/certs/ca-certificates.crt) or at the issuing CA's file, and start the inspector again.</source>
        <translation>将 SSL_CERT_FILE 指向系统的 CA 证书包（通常是 /etc/ssl/certs/ca-certificates.crt）或签发 CA 的文件，然后重新启动检查器。</translation>
    </message>
    <message>
        <source>The system's trust store accepts the certificate, but the inspector's HTTP client checks it against its own bundle (certifi), which does not: {reason}.</source>
        <translation>系统的信任存储接受该证书，但检查器的 HTTP 客户端使用自带的证书包（certifi）验证，而它不接受：{reason}。</translation>
    </message>
    <message>
        <source>Check the credentials: a token may have expired, been revoked or be meant for another server. Give a new one, or sign in with OAuth if the server offers it.</source>
        <translation>请检查凭据：令牌可能已过期、已被吊销，或属于另一个服务器。请提供新的凭据；如果服务器支持，也可以用 OAuth 登录。</translation>
    </message>
    <message>
        <source>The server refused the credentials given in {headers} (HTTP {status}).</source>
        <translation>服务器拒绝了 {headers} 中提供的凭据（HTTP {status}）。</translation>
    </message>
    <message>
        <source>If that is the server's endpoint, give that URL (a redirect is never followed: it would take the session's credentials to another place).</source>
        <translation>如果那是服务器的端点，请改用该 URL（重定向从不跟随：那会把会话的凭据带到别处）。</translation>
    </message>
    <message>
        <source>The POST of {request} to {url} was answered {status}: a redirect to {location}, which is not followed.</source>
        <translation>发往 {url} 的 {request} POST 请求得到 {status} 应答：重定向到 {location}，不会跟随。</translation>
    </message>
    <message>
        <source>The GET of the event stream at {url} was answered {status} ({content_type}).</source>
        <translation>对 {url} 事件流的 GET 请求得到 {status} 应答（{content_type}）。</translation>
    </message>
    <message>
        <source>The GET of the event stream at {url} was answered {status}: authorization is asked for.</source>
        <translation>对 {url} 事件流的 GET 请求得到 {status} 应答：服务器要求授权。</translation>
    </message>
</context>
<context>
    <name>ElicitationDialog</name>
    <message>
        <source>The server</source>
        <translation>服务器</translation>
    </message>
    <message>
        <source>{server} asks you to open a link</source>
        <translation>{server} 请求打开一个链接</translation>
    </message>
    <message>
        <source>{server} asks for information</source>
        <translation>{server} 请求提供信息</translation>
    </message>
    <message>
        <source>* required. Servers must not ask for passwords or secrets in a form; such requests belong in URL mode.</source>
        <translation>* 为必填项。服务器不得通过表单索取密码或其他机密信息；此类请求应使用 URL 模式。</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Dismiss without a choice: {action}</source>
        <translation>不作选择直接关闭：{action}</translation>
    </message>
    <message>
        <source>Decline</source>
        <translation>拒绝</translation>
    </message>
    <message>
        <source>Refuse explicitly: {action}</source>
        <translation>明确拒绝：{action}</translation>
    </message>
    <message>
        <source>Accept</source>
        <translation>接受</translation>
    </message>
    <message>
        <source>Send the form's content</source>
        <translation>发送表单内容</translation>
    </message>
    <message>
        <source>Consent to the out-of-band step (no content is sent)</source>
        <translation>同意进行带外步骤（不发送任何内容）</translation>
    </message>
    <message>
        <source>Link</source>
        <translation>链接</translation>
    </message>
    <message>
        <source>(no host)</source>
        <translation>（无主机）</translation>
    </message>
    <message>
        <source>The whole URL, exactly as the server sent it</source>
        <translation>完整 URL，与服务器发送的完全一致</translation>
    </message>
    <message>
        <source>Site</source>
        <translation>站点</translation>
    </message>
    <message>
        <source>Full URL</source>
        <translation>完整 URL</translation>
    </message>
    <message>
        <source>Open in browser</source>
        <translation>在浏览器中打开</translation>
    </message>
    <message>
        <source>Open this URL in your web browser (only when you click here)</source>
        <translation>在网页浏览器中打开此 URL（仅在点击此处时）</translation>
    </message>
    <message>
        <source>The inspector opens the link only when you click Open in browser.</source>
        <translation>只有点击“在浏览器中打开”时，检查器才会打开该链接。</translation>
    </message>
    <message>
        <source>Only http and https links can be opened; this one is {scheme}.</source>
        <translation>只能打开 http 和 https 链接；此链接为 {scheme}。</translation>
    </message>
    <message>
        <source>not a URL</source>
        <translation>不是 URL</translation>
    </message>
    <message>
        <source>Cancelled automatically in {time} if unanswered</source>
        <translation>若未答复，将在 {time} 后自动取消</translation>
    </message>
    <message>
        <source>Opened in your browser.</source>
        <translation>已在浏览器中打开。</translation>
    </message>
    <message>
        <source>The system could not open the link; copy it from above.</source>
        <translation>系统无法打开该链接；请从上方复制。</translation>
    </message>
    <message>
        <source>Answers in this protocol version carry whole numbers only: enter a whole number.</source>
        <translation>此协议版本的回答只能携带整数：请输入整数。</translation>
    </message>
    <message>
        <source>This protocol version cannot carry this value in an answer: {why}</source>
        <translation>此协议版本的回答中不能携带这个值：{why}</translation>
    </message>
</context>
<context>
    <name>ElicitationForm</name>
    <message>
        <source>The server asked for no fields: Accept sends empty content.</source>
        <translation>服务器未请求任何字段：“接受”将发送空内容。</translation>
    </message>
</context>
<context>
    <name>EnvTable</name>
    <message>
        <source>Name</source>
        <translation type="vanished">名称</translation>
    </message>
    <message>
        <source>Name</source>
        <comment>HTTP header</comment>
        <translation>名称</translation>
    </message>
    <message>
        <source>Name</source>
        <comment>environment variable</comment>
        <translation>变量名</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>Secret</source>
        <translation>保密</translation>
    </message>
    <message>
        <source>Secret: masked on screen and never written to servers.json or recordings</source>
        <translation>保密：屏幕上以掩码显示，且绝不写入 servers.json 或会话记录</translation>
    </message>
    <message>
        <source>Secret by its name or value (Authorization, Cookie, a key, a token): always masked</source>
        <translation>按名称或值判定为机密（Authorization、Cookie、密钥、令牌）：始终以掩码显示</translation>
    </message>
</context>
<context>
    <name>Eras</name>
    <message>
        <source>legacy</source>
        <extracomment>Era names as the status bar shows them.</extracomment>
        <translation>旧版</translation>
    </message>
    <message>
        <source>modern</source>
        <translation>新版</translation>
    </message>
    <message>
        <source>auto</source>
        <translation>自动</translation>
    </message>
</context>
<context>
    <name>Events</name>
    <message>
        <source>spawned</source>
        <extracomment>Names of process and session events (extra["event"]) as people read them; the recording and the method filter keep the names themselves.</extracomment>
        <translation>已启动</translation>
    </message>
    <message>
        <source>spawn failed</source>
        <translation>启动失败</translation>
    </message>
    <message>
        <source>stdin closed</source>
        <translation>已关闭 stdin</translation>
    </message>
    <message>
        <source>waiting</source>
        <translation>等待中</translation>
    </message>
    <message>
        <source>SIGTERM sent</source>
        <translation>已发送 SIGTERM</translation>
    </message>
    <message>
        <source>SIGKILL sent</source>
        <translation>已发送 SIGKILL</translation>
    </message>
    <message>
        <source>stdout closed</source>
        <translation>stdout 已关闭</translation>
    </message>
    <message>
        <source>stderr closed</source>
        <translation>stderr 已关闭</translation>
    </message>
    <message>
        <source>exited</source>
        <translation>已退出</translation>
    </message>
    <message>
        <source>group survived</source>
        <translation>进程组仍有残留</translation>
    </message>
    <message>
        <source>SIGTERM to the group</source>
        <translation>向进程组发送 SIGTERM</translation>
    </message>
    <message>
        <source>SIGKILL to the group</source>
        <translation>向进程组发送 SIGKILL</translation>
    </message>
    <message>
        <source>group gone</source>
        <translation>进程组已清空</translation>
    </message>
    <message>
        <source>connected</source>
        <translation>已连接</translation>
    </message>
    <message>
        <source>HTTP exchange</source>
        <translation>HTTP 交换</translation>
    </message>
    <message>
        <source>session expired</source>
        <translation>会话已过期</translation>
    </message>
    <message>
        <source>closing the session</source>
        <translation>正在关闭会话</translation>
    </message>
    <message>
        <source>disconnected</source>
        <translation>已断开</translation>
    </message>
    <message>
        <source>POST endpoint</source>
        <translation>POST 端点</translation>
    </message>
    <message>
        <source>answer stream closed</source>
        <translation>已关闭应答流</translation>
    </message>
    <message>
        <source>falling back to HTTP+SSE</source>
        <translation>回退到 HTTP+SSE</translation>
    </message>
    <message>
        <source>answer stream ended early</source>
        <translation>应答流提前结束</translation>
    </message>
    <message>
        <source>timeout</source>
        <translation>超时</translation>
    </message>
    <message>
        <source>inspector error</source>
        <translation>检查器错误</translation>
    </message>
    <message>
        <source>signal received</source>
        <translation>收到信号</translation>
    </message>
    <message>
        <source>unreadable line</source>
        <translation>无法读取的行</translation>
    </message>
    <message>
        <source>output not recorded</source>
        <translation>输出未记录</translation>
    </message>
    <message>
        <source>era decided</source>
        <translation>已确定版本时代</translation>
    </message>
    <message>
        <source>read by the server</source>
        <translation>服务器已读取</translation>
    </message>
    <message>
        <source>still starting</source>
        <translation>仍在启动</translation>
    </message>
    <message>
        <source>asking for credentials</source>
        <translation>正在请求凭据</translation>
    </message>
    <message>
        <source>credentials answered</source>
        <translation>凭据已回答</translation>
    </message>
</context>
<context>
    <name>Export</name>
    <message>
        <source>{name} already exists. Do you want to replace it?</source>
        <translation>{name} 已存在。要替换它吗？</translation>
    </message>
    <message>
        <source>the picture is too large to hold in memory</source>
        <translation>图片太大，内存放不下</translation>
    </message>
    <message>
        <source>unknown file type: the name must end in .svg or .png</source>
        <translation>未知的文件类型：文件名必须以 .svg 或 .png 结尾</translation>
    </message>
    <message>
        <source>the picture could not be drawn</source>
        <translation>无法绘制图片</translation>
    </message>
    <message>
        <source>the SVG writer failed</source>
        <translation>SVG 写入失败</translation>
    </message>
</context>
<context>
    <name>ExportDialog</name>
    <message>
        <source>Export server entry</source>
        <translation>导出服务器条目</translation>
    </message>
    <message>
        <source>The server as an mcpServers entry, as Claude Desktop, Cursor, Windsurf and the MCP Inspector read it (VS Code: put the entry under "servers").</source>
        <translation type="vanished">以 mcpServers 条目表示的服务器，Claude Desktop、Cursor、Windsurf 和 MCP Inspector 都能读取（VS Code：把条目放在 "servers" 下）。</translation>
    </message>
    <message>
        <source>Left out because they are secret: {names}. Add their values by hand where you paste this.</source>
        <translation>因属于机密而未写入：{names}。粘贴到别处后请手动补上它们的值。</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <source>Client</source>
        <translation>客户端</translation>
    </message>
    <message>
        <source>Save…</source>
        <translation>保存…</translation>
    </message>
    <message>
        <source>For:</source>
        <translation>用于：</translation>
    </message>
    <message>
        <source>The server as VS Code reads it: put the entry under "servers" in mcp.json (the user's or a workspace's .vscode folder).</source>
        <translation>VS Code 读取的格式：把条目放在 mcp.json（用户级，或工作区 .vscode 文件夹中）的 "servers" 下。</translation>
    </message>
    <message>
        <source>The server as Claude Desktop reads it: put the entry under "mcpServers" in claude_desktop_config.json.</source>
        <translation>Claude Desktop 读取的格式：把条目放在 claude_desktop_config.json 的 "mcpServers" 下。</translation>
    </message>
    <message>
        <source>The server as Windsurf reads it: put the entry under "mcpServers" in ~/.codeium/windsurf/mcp_config.json (a URL server's address is "serverUrl" there).</source>
        <translation>Windsurf 读取的格式：把条目放在 ~/.codeium/windsurf/mcp_config.json 的 "mcpServers" 下（URL 服务器的地址在其中写作 "serverUrl"）。</translation>
    </message>
    <message>
        <source>The server as Cursor reads it: put the entry under "mcpServers" in ~/.cursor/mcp.json or a project's .cursor/mcp.json.</source>
        <translation>Cursor 读取的格式：把条目放在 ~/.cursor/mcp.json 或项目 .cursor/mcp.json 的 "mcpServers" 下。</translation>
    </message>
    <message>
        <source>The server as the MCP Inspector reads it (its --config file): put the entry under "mcpServers".</source>
        <translation>MCP Inspector 读取的格式（它的 --config 文件）：把条目放在 "mcpServers" 下。</translation>
    </message>
    <message>
        <source>Copied to the clipboard.</source>
        <translation>已复制到剪贴板。</translation>
    </message>
    <message>
        <source>JSON files</source>
        <translation>JSON 文件</translation>
    </message>
    <message>
        <source>Save server entry</source>
        <translation>保存服务器条目</translation>
    </message>
    <message>
        <source>JSON files (*.json)</source>
        <translation type="vanished">JSON 文件 (*.json)</translation>
    </message>
    <message>
        <source>Cannot save: {why}</source>
        <translation>无法保存：{why}</translation>
    </message>
    <message>
        <source>Saved {path}</source>
        <translation>已保存 {path}</translation>
    </message>
</context>
<context>
    <name>FailureBanner</name>
    <message>
        <source>the server answered initialize with an error</source>
        <extracomment>The engine's outcome codes (protocol.engine.OUTCOMES) in words to translate.</extracomment>
        <translation>服务器对 initialize 返回了错误</translation>
    </message>
    <message>
        <source>the server negotiated protocol version {version}, which the client does not support</source>
        <translation>服务器协商的协议版本为 {version}，客户端不支持该版本</translation>
    </message>
    <message>
        <source>no common modern protocol version (server supports {versions})</source>
        <translation>没有共同的新版协议版本（服务器支持 {versions}）</translation>
    </message>
    <message>
        <source>server/discover failed with error {code}</source>
        <translation>server/discover 失败，错误码 {code}</translation>
    </message>
    <message>
        <source>the server did not answer initialize in time</source>
        <translation>服务器未及时响应 initialize</translation>
    </message>
    <message>
        <source>the server did not answer server/discover in time</source>
        <translation>服务器未及时响应 server/discover</translation>
    </message>
    <message>
        <source>the server exited before the session was established</source>
        <translation>服务器在会话建立之前退出</translation>
    </message>
    <message>
        <source>the server exited during the session</source>
        <translation>服务器在会话期间退出</translation>
    </message>
    <message>
        <source>the server could not be reached</source>
        <translation>无法连接到服务器</translation>
    </message>
    <message>
        <source>the server refused initialize with HTTP {code}</source>
        <translation>服务器以 HTTP {code} 拒绝了 initialize</translation>
    </message>
    <message>
        <source>the server wants authorization (HTTP 401); resource metadata: {metadata}</source>
        <translation>服务器要求授权（HTTP 401）；资源元数据：{metadata}</translation>
    </message>
    <message>
        <source>the server answered {method} with HTTP {code}, a redirect to {location}; it was not followed</source>
        <translation>服务器以 HTTP {code} 应答 {method}，重定向到 {location}；未跟随该重定向</translation>
    </message>
    <message>
        <source>the answer to {method} broke off: {error}</source>
        <translation>{method} 的应答中途断开：{error}</translation>
    </message>
    <message>
        <source>the answer to {method} is longer than the limit of {limit} bytes</source>
        <translation>{method} 的应答超过了 {limit} 字节的上限</translation>
    </message>
    <message>
        <source>the server read nothing from its stdin within {seconds} s of its start ({method} is still unread): it is not reading its stdin, or it is still starting (--start-timeout)</source>
        <translation>服务器启动后 {seconds} 秒内没有从 stdin 读取任何内容（{method} 仍未被读取）：它没有读取 stdin，或者仍在启动（--start-timeout）</translation>
    </message>
    <message>
        <source>the server answered initialize with an error, after server/discover had gone unanswered within the probe timeout (the client took the silence for a legacy server and fell back to initialize; if the server is modern, choose the modern era or a longer probe timeout)</source>
        <translation>服务器以错误响应了 initialize；此前 server/discover 在探测超时内未得到响应（客户端把沉默当作旧版服务器，回退到 initialize；如果服务器是新版，请选择新版时代或更长的探测超时）</translation>
    </message>
    <message>
        <source>the server answered neither server/discover nor initialize in time</source>
        <translation>服务器既未及时响应 server/discover，也未及时响应 initialize</translation>
    </message>
    <message>
        <source>cannot start the server: the command is empty</source>
        <extracomment>Why a server could not be started (transport.base.SPAWN_REASONS) in words to translate.</extracomment>
        <translation>无法启动服务器：命令为空</translation>
    </message>
    <message>
        <source>cannot start {program!r}: the working directory {cwd!r} does not exist</source>
        <translation>无法启动 {program!r}：工作目录 {cwd!r} 不存在</translation>
    </message>
    <message>
        <source>cannot start {program!r}: the working directory {cwd!r} is not a directory</source>
        <translation>无法启动 {program!r}：工作目录 {cwd!r} 不是目录</translation>
    </message>
    <message>
        <source>cannot start {program!r}: the working directory {cwd!r} cannot be entered (permission denied)</source>
        <translation>无法启动 {program!r}：无法进入工作目录 {cwd!r}（权限不足）</translation>
    </message>
    <message>
        <source>cannot start {program!r}: the working directory {cwd!r} cannot be entered ({detail})</source>
        <translation>无法启动 {program!r}：无法进入工作目录 {cwd!r}（{detail}）</translation>
    </message>
    <message>
        <source>cannot start {program!r}: no such file or directory (looked up on PATH)</source>
        <translation>无法启动 {program!r}：找不到该文件或目录（已在 PATH 中查找）</translation>
    </message>
    <message>
        <source>cannot start {program!r}: no such file or directory</source>
        <translation>无法启动 {program!r}：找不到该文件或目录</translation>
    </message>
    <message>
        <source>cannot start {program!r}: it is a directory, not a program</source>
        <translation>无法启动 {program!r}：这是一个目录，不是程序</translation>
    </message>
    <message>
        <source>cannot start {program!r}: permission denied (is the file executable?)</source>
        <translation>无法启动 {program!r}：权限不足（该文件是否可执行？）</translation>
    </message>
    <message>
        <source>cannot start {program!r}: a component of the path is not a directory</source>
        <translation>无法启动 {program!r}：路径中的某一部分不是目录</translation>
    </message>
    <message>
        <source>cannot start {program!r}: not a program this system can run (a script needs a '#!' line)</source>
        <translation>无法启动 {program!r}：不是本系统能运行的程序（脚本需要 '#!' 行）</translation>
    </message>
    <message>
        <source>cannot start {program!r}: {detail}</source>
        <translation>无法启动 {program!r}：{detail}</translation>
    </message>
    <message>
        <source>killed by signal {n}</source>
        <translation>被信号 {n} 终止</translation>
    </message>
    <message>
        <source>exit code {n}</source>
        <translation>退出码 {n}</translation>
    </message>
    <message>
        <source>the server ended by itself ({how})</source>
        <translation>服务器自行结束（{how}）</translation>
    </message>
    <message>
        <source>The session failed: {why}</source>
        <translation>会话失败：{why}</translation>
    </message>
    <message>
        <source>The server: {how}</source>
        <translation>服务器：{how}</translation>
    </message>
    <message>
        <source>Its last stderr lines:</source>
        <translation>服务器最后的 stderr 输出：</translation>
    </message>
    <message>
        <source>Show in timeline</source>
        <translation>在时间线中显示</translation>
    </message>
    <message>
        <source>Hide until the next failure</source>
        <translation>隐藏，直到下一次失败</translation>
    </message>
    <message>
        <source>Diagnose</source>
        <translation>诊断</translation>
    </message>
    <message>
        <source>Run the Connection Doctor: each check in order, what was seen and what to do</source>
        <translation>运行连接诊断：依次执行每项检查，显示所见情况与处理办法</translation>
    </message>
</context>
<context>
    <name>FeaturePanel</name>
    <message>
        <source>From the recording, as of entry {row}: read-only, the actions are disabled.</source>
        <extracomment>an entry of the recording to show in the timeline (a log line, a flagged answer) Below this width a panel's list goes above its details instead of beside them.</extracomment>
        <translation>来自录制，截至条目 {row}：只读，操作已禁用。</translation>
    </message>
    <message>
        <source>Waiting (an answer was flagged)…</source>
        <translation>等待中（有应答被标记）…</translation>
    </message>
    <message>
        <source>Loading…</source>
        <translation>加载中…</translation>
    </message>
    <message>
        <source>{method} failed. {error}</source>
        <translation>{method} 失败。{error}</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>已取消。</translation>
    </message>
    <message>
        <source>The inspector failed on what the server sent ({0}); it is recorded in the timeline.</source>
        <translation>检查器处理服务器发来的内容时出错（{0}）；已记录在时间线中。</translation>
    </message>
    <message>
        <source>a page had no {key} array</source>
        <translation>有一页没有 {key} 数组</translation>
    </message>
    <message>
        <source>nextCursor {value} is not a non-empty string; stopped paging</source>
        <translation>nextCursor {value} 不是非空字符串；已停止翻页</translation>
    </message>
    <message>
        <source>The server repeated the cursor {0}; stopped paging.</source>
        <translation>服务器重复了游标 {0}；已停止翻页。</translation>
    </message>
    <message>
        <source>{n} entries left out (not objects, or missing what they need)</source>
        <translation>{n} 个条目被略过（不是对象，或缺少必需的内容）</translation>
    </message>
    <message>
        <source>{method} failed: {code} {message}</source>
        <translation type="vanished">{method} 失败：{code} {message}</translation>
    </message>
</context>
<context>
    <name>Features</name>
    <message>
        <source>no negotiation yet: connect to a server</source>
        <translation>尚未协商：请先连接服务器</translation>
    </message>
    <message>
        <source>tasks are not part of 2026-07-28 (they moved to an extension)</source>
        <translation>2026-07-28 不包含任务（已移入扩展）</translation>
    </message>
    <message>
        <source>tasks need protocol 2025-11-25; this session negotiated 2024-11-05</source>
        <translation>任务需要协议 2025-11-25；本会话协商的是 2024-11-05</translation>
    </message>
    <message>
        <source>tasks need protocol 2025-11-25; this session negotiated 2025-03-26</source>
        <translation>任务需要协议 2025-11-25；本会话协商的是 2025-03-26</translation>
    </message>
    <message>
        <source>tasks need protocol 2025-11-25; this session negotiated 2025-06-18</source>
        <translation>任务需要协议 2025-11-25；本会话协商的是 2025-06-18</translation>
    </message>
    <message>
        <source>tasks need protocol 2025-11-25; this session negotiated None</source>
        <translation>任务需要协议 2025-11-25；本会话尚未协商版本</translation>
    </message>
    <message>
        <source>the server declared logging (logging/setLevel)</source>
        <translation>服务器声明了日志（logging/setLevel）</translation>
    </message>
    <message>
        <source>the server declared logging (per-request log level in _meta)</source>
        <translation>服务器声明了日志（在 _meta 中按请求设置日志级别）</translation>
    </message>
    <message>
        <source>the server declared prompts</source>
        <translation>服务器声明了提示</translation>
    </message>
    <message>
        <source>the server declared resources</source>
        <translation>服务器声明了资源</translation>
    </message>
    <message>
        <source>the server declared resources with subscribe</source>
        <translation>服务器声明了资源（支持订阅）</translation>
    </message>
    <message>
        <source>the server declared tasks</source>
        <translation>服务器声明了任务</translation>
    </message>
    <message>
        <source>the server declared tools</source>
        <translation>服务器声明了工具</translation>
    </message>
    <message>
        <source>the server did not declare logging</source>
        <translation>服务器未声明日志</translation>
    </message>
    <message>
        <source>the server did not declare prompts</source>
        <translation>服务器未声明提示</translation>
    </message>
    <message>
        <source>the server did not declare resources</source>
        <translation>服务器未声明资源</translation>
    </message>
    <message>
        <source>the server did not declare tasks</source>
        <translation>服务器未声明任务</translation>
    </message>
    <message>
        <source>the server did not declare tools</source>
        <translation>服务器未声明工具</translation>
    </message>
</context>
<context>
    <name>Handout</name>
    <message>
        <source>Entries</source>
        <translation>条目</translation>
    </message>
    <message>
        <source>Era</source>
        <translation>代际</translation>
    </message>
    <message>
        <source>Final state</source>
        <translation>最终状态</translation>
    </message>
    <message>
        <source>Invalid against the JSON Schema</source>
        <translation>不符合 JSON Schema</translation>
    </message>
    <message>
        <source>MCP session transcript</source>
        <translation>MCP 会话记录稿</translation>
    </message>
    <message>
        <source>Negotiation</source>
        <translation>协商</translation>
    </message>
    <message>
        <source>Outcome</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>Protocol version</source>
        <translation>协议版本</translation>
    </message>
    <message>
        <source>Rules broken</source>
        <translation>违反的规则</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>服务器</translation>
    </message>
    <message>
        <source>Server capabilities</source>
        <translation>服务器能力</translation>
    </message>
    <message>
        <source>State after it</source>
        <translation>之后的状态</translation>
    </message>
    <message>
        <source>Transition</source>
        <translation>转换</translation>
    </message>
    <message>
        <source>Transport</source>
        <translation>传输方式</translation>
    </message>
    <message>
        <source>client → server</source>
        <translation>客户端 → 服务器</translation>
    </message>
    <message>
        <source>event</source>
        <translation>事件</translation>
    </message>
    <message>
        <source>hand-written</source>
        <translation>手写</translation>
    </message>
    <message>
        <source>latency</source>
        <translation>延迟</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>offered</source>
        <translation>提议</translation>
    </message>
    <message>
        <source>server → client</source>
        <translation>服务器 → 客户端</translation>
    </message>
    <message>
        <source>stderr / transport note</source>
        <translation type="vanished">stderr / 传输层注记</translation>
    </message>
    <message>
        <source>Client</source>
        <translation>客户端</translation>
    </message>
    <message>
        <source>Client capabilities</source>
        <translation>客户端能力</translation>
    </message>
    <message>
        <source>stderr</source>
        <translation>标准错误（stderr）</translation>
    </message>
</context>
<context>
    <name>HostLogOpen</name>
    <message>
        <source>{name} holds no session.</source>
        <translation>{name} 中没有会话。</translation>
    </message>
    <message>
        <source>Open host log</source>
        <translation>打开宿主日志</translation>
    </message>
    <message>
        <source>{name} holds {count} sessions. Which one should be shown?</source>
        <translation>{name} 中有 {count} 个会话。要显示哪一个？</translation>
    </message>
    <message>
        <source>Cannot open host log</source>
        <translation>无法打开宿主日志</translation>
    </message>
    <message>
        <source>MCP Session Inspector — {name} (imported, read-only)</source>
        <translation>MCP 会话检查器 — {name}（导入，只读）</translation>
    </message>
    <message>
        <source>Host logs and HAR files (*.log *.har *.txt)</source>
        <translation>宿主日志和 HAR 文件 (*.log *.har *.txt)</translation>
    </message>
</context>
<context>
    <name>ImportDialog</name>
    <message>
        <source>mcpServers file</source>
        <extracomment>Format names that are not product names, for the translation tools.</extracomment>
        <translation>mcpServers 文件</translation>
    </message>
    <message>
        <source>MCP registry server.json</source>
        <translation>MCP 注册表 server.json</translation>
    </message>
    <message>
        <source>unknown format</source>
        <translation>未知格式</translation>
    </message>
    <message>
        <source>Import servers</source>
        <extracomment>the profiles to add, names already unique among ``taken``</extracomment>
        <translation>导入服务器</translation>
    </message>
    <message>
        <source>Configuration files found</source>
        <translation>找到的配置文件</translation>
    </message>
    <message>
        <source>user</source>
        <translation>用户</translation>
    </message>
    <message>
        <source>this folder</source>
        <translation>当前文件夹</translation>
    </message>
    <message>
        <source>No client's configuration file was found in the usual places</source>
        <translation type="vanished">在常见位置没有找到任何客户端的配置文件</translation>
    </message>
    <message>
        <source>Choose file…</source>
        <translation>选择文件…</translation>
    </message>
    <message>
        <source>Servers found</source>
        <translation>找到的服务器</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>服务器</translation>
    </message>
    <message>
        <source>Transport</source>
        <translation>传输方式</translation>
    </message>
    <message>
        <source>Starts or connects to</source>
        <translation>启动的命令或连接地址</translation>
    </message>
    <message>
        <source>Kept secret</source>
        <translation>作为机密保存</translation>
    </message>
    <message>
        <source>Values the file asks for</source>
        <translation>文件要求填写的值</translation>
    </message>
    <message>
        <source>Not imported, or changed on the way</source>
        <translation>未导入或导入时有改动的内容</translation>
    </message>
    <message>
        <source>Secret values (password inputs, variables and headers the file marks secret, whose names say token, key, secret, password or authorization, or whose values look like a token, a key or a URL with a password) are kept in secrets.json, readable only by you, never in servers.json. A secret in an argument is kept there too, as a secret variable the argument names (${secret:NAME}, filled in when the server starts). A URL with a secret in it is kept there whole, and servers.json holds it masked.</source>
        <translation>机密值（密码输入、文件标记为机密的变量和请求头、名称含 token、key、secret、password 或 authorization 的变量，以及看起来像令牌、密钥或带密码 URL 的值）保存在仅你可读的 secrets.json 中，绝不写入 servers.json。参数中的机密也保存在那里，作为该参数引用的机密变量（${secret:NAME}，在启动服务器时填入）。含有机密的 URL 也整个保存在那里，servers.json 中只保存遮盖后的形式。</translation>
    </message>
    <message>
        <source>Secret values (password inputs, variables and headers the file marks secret or whose names say token, key, secret, password or authorization) are kept in secrets.json, readable only by you, never in servers.json.</source>
        <translation type="vanished">机密值（密码输入项、文件标记为机密的变量和请求头，以及名称中含有 token、key、secret、password 或 authorization 的变量和请求头）保存在只有你能读取的 secrets.json 中，绝不写入 servers.json。</translation>
    </message>
    <message>
        <source>user profile</source>
        <translation>用户配置文件</translation>
    </message>
    <message>
        <source>Looked in:</source>
        <translation>查找过的位置：</translation>
    </message>
    <message>
        <source>Where it looked</source>
        <translation>查找过的位置</translation>
    </message>
    <message>
        <source>The usual places of each client's configuration file on this system</source>
        <translation>本系统上各客户端配置文件的常见位置</translation>
    </message>
    <message>
        <source>No client's configuration file was found in the usual places (listed below)</source>
        <translation>在常见位置（见下方列表）没有找到任何客户端的配置文件</translation>
    </message>
    <message>
        <source>Secret values (password inputs, variables and headers the file marks secret, whose names say token, key, secret, password or authorization, or whose values look like a token, a key or a URL with a password) are kept in secrets.json, readable only by you, never in servers.json. Arguments and URLs are saved as they are: a secret in one is marked ⚠ below.</source>
        <translation type="vanished">机密值（密码输入项、文件标记为机密的变量和请求头、名称中含有 token、key、secret、password 或 authorization 的变量和请求头，以及值看起来像令牌、密钥或带密码 URL 的变量和请求头）保存在只有你能读取的 secrets.json 中，绝不写入 servers.json。参数和 URL 按原样保存：其中含有机密的，会在下方以 ⚠ 标出。</translation>
    </message>
    <message>
        <source>Secret values (password inputs, variables and headers the file marks secret, whose names say token, key, secret, password or authorization, or whose values look like a token, a key or a URL with a password) are kept in secrets.json, readable only by you, never in servers.json. A secret in an argument is kept there too, as a secret variable the argument names (${secret:NAME}, filled in when the server starts). URLs are saved as they are: a secret in one is marked ⚠ below.</source>
        <translation type="vanished">机密值（密码输入、文件标记为机密的变量和请求头、名称含 token、key、secret、password 或 authorization 的变量，以及看起来像令牌、密钥或带密码 URL 的值）保存在仅你可读的 secrets.json 中，绝不写入 servers.json。参数中的机密也保存在那里，作为该参数引用的机密变量（${secret:NAME}，在启动服务器时填入）。URL 按原样保存：其中的机密在下方以 ⚠ 标出。</translation>
    </message>
    <message>
        <source>Import</source>
        <translation>导入</translation>
    </message>
    <message>
        <source>Read servers from:</source>
        <translation>从以下位置读取服务器：</translation>
    </message>
    <message>
        <source>Choose a configuration file</source>
        <translation>选择配置文件</translation>
    </message>
    <message>
        <source>JSON files (*.json);;All files (*)</source>
        <translation>JSON 文件 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>{file}: {format}, {n} server(s)</source>
        <translation>{file}：{format}，{n} 个服务器</translation>
    </message>
    <message>
        <source>{file}: no server could be imported</source>
        <translation>{file}：没有可以导入的服务器</translation>
    </message>
    <message>
        <source>⚠ in plain text: {paths}</source>
        <translation type="vanished">⚠ 明文保存：{paths}</translation>
    </message>
    <message>
        <source> (left out)</source>
        <translation>（未导入）</translation>
    </message>
    <message>
        <source>stdio (a command)</source>
        <translation type="vanished">stdio（启动命令）</translation>
    </message>
    <message>
        <source>HTTP, auto</source>
        <translation type="vanished">HTTP，自动</translation>
    </message>
    <message>
        <source>Streamable HTTP</source>
        <translation type="vanished">Streamable HTTP</translation>
    </message>
    <message>
        <source>HTTP+SSE</source>
        <translation type="vanished">HTTP+SSE</translation>
    </message>
    <message>
        <source>kept secret</source>
        <translation>作为机密保存</translation>
    </message>
    <message>
        <source>required</source>
        <translation>必填</translation>
    </message>
    <message>
        <source>Fill in: {names}</source>
        <translation>请填写：{names}</translation>
    </message>
    <message>
        <source>Left empty, imported as empty values: {names}</source>
        <translation>留空，将以空值导入：{names}</translation>
    </message>
    <message>
        <source>Import {n} server(s)</source>
        <translation>导入 {n} 个服务器</translation>
    </message>
</context>
<context>
    <name>Imports</name>
    <message>
        <source>Claude Desktop's configuration file holds only servers it starts (command, args, env), not servers at a URL: add this one in Claude Desktop's own settings (Connectors), or through a local stdio bridge</source>
        <translation>Claude Desktop 的配置文件只能写入由它启动的服务器（command、args、env），不支持通过 URL 连接的服务器：请在 Claude Desktop 自己的设置（Connectors）中添加，或通过本地 stdio 桥接程序连接</translation>
    </message>
    <message>
        <source>Expecting ',' delimiter</source>
        <translation>缺少分隔符 ','</translation>
    </message>
    <message>
        <source>Expecting ':' delimiter</source>
        <translation>缺少分隔符 ':'</translation>
    </message>
    <message>
        <source>Expecting property name enclosed in double quotes</source>
        <translation>此处应为用双引号括起的属性名</translation>
    </message>
    <message>
        <source>Expecting value</source>
        <translation>此处应为一个值</translation>
    </message>
    <message>
        <source>Extra data</source>
        <translation>JSON 之后还有多余的内容</translation>
    </message>
    <message>
        <source>Invalid \escape</source>
        <translation>无效的 \ 转义</translation>
    </message>
    <message>
        <source>Invalid \uXXXX escape</source>
        <translation>无效的 \uXXXX 转义</translation>
    </message>
    <message>
        <source>Invalid control character at</source>
        <translation>此处有无效的控制字符</translation>
    </message>
    <message>
        <source>TLS verification is off in the inspector; the format has no such setting</source>
        <translation>检查器中关闭了 TLS 验证；该格式没有对应的设置</translation>
    </message>
    <message>
        <source>Unterminated string starting at</source>
        <translation>字符串从此处开始但没有结束</translation>
    </message>
    <message>
        <source>a boolean</source>
        <translation>布尔值</translation>
    </message>
    <message>
        <source>a named argument without its name</source>
        <translation>具名参数缺少名称</translation>
    </message>
    <message>
        <source>a number</source>
        <translation>数字</translation>
    </message>
    <message>
        <source>a password</source>
        <translation>密码</translation>
    </message>
    <message>
        <source>a password in a URL</source>
        <translation>URL 中的密码</translation>
    </message>
    <message>
        <source>a password input</source>
        <translation>密码输入项</translation>
    </message>
    <message>
        <source>a private key</source>
        <translation>私钥</translation>
    </message>
    <message>
        <source>a secret argument: arguments are saved in servers.json, not kept secret</source>
        <translation>机密参数：参数会保存在 servers.json 中，不会作为机密保存</translation>
    </message>
    <message>
        <source>a string</source>
        <translation>字符串</translation>
    </message>
    <message>
        <source>a token</source>
        <translation>令牌</translation>
    </message>
    <message>
        <source>an MCP bundle (.mcpb) is installed by a client that supports bundles: nothing to start</source>
        <translation>MCP 包（.mcpb）需由支持此类包的客户端安装：没有可启动的命令</translation>
    </message>
    <message>
        <source>an access key</source>
        <translation>访问密钥</translation>
    </message>
    <message>
        <source>an array</source>
        <translation>数组</translation>
    </message>
    <message>
        <source>an object</source>
        <translation>对象</translation>
    </message>
    <message>
        <source>byte {offset}</source>
        <translation>第 {offset} 字节</translation>
    </message>
    <message>
        <source>cannot read {file}: larger than {mib} MiB; its variables are not imported</source>
        <translation>无法读取 {file}：文件超过 {mib} MiB；其中的变量未导入</translation>
    </message>
    <message>
        <source>cannot read {file}: {why}; its variables are not imported</source>
        <translation>无法读取 {file}：{why}；其中的变量未导入</translation>
    </message>
    <message>
        <source>cannot read {path}: {why}</source>
        <translation>无法读取 {path}：{why}</translation>
    </message>
    <message>
        <source>expected a JSON object, found {kind}</source>
        <translation>应为 JSON 对象，实际为{kind}</translation>
    </message>
    <message>
        <source>expected a string, found {kind}</source>
        <translation>应为字符串，实际为{kind}</translation>
    </message>
    <message>
        <source>expected an argument object, found {kind}</source>
        <translation>应为参数对象，实际为{kind}</translation>
    </message>
    <message>
        <source>expected an array of arguments, found {kind}</source>
        <translation>应为参数数组，实际为{kind}</translation>
    </message>
    <message>
        <source>expected an array of headers, found {kind}</source>
        <translation>应为请求头数组，实际为{kind}</translation>
    </message>
    <message>
        <source>expected an array of input definitions, found {kind}</source>
        <translation>应为输入项定义的数组，实际为{kind}</translation>
    </message>
    <message>
        <source>expected an array of strings, found {kind}</source>
        <translation>应为字符串数组，实际为{kind}</translation>
    </message>
    <message>
        <source>expected an array of variables, found {kind}</source>
        <translation>应为变量数组，实际为{kind}</translation>
    </message>
    <message>
        <source>expected an array, found {kind}</source>
        <translation>应为数组，实际为{kind}</translation>
    </message>
    <message>
        <source>expected an object (name → value), found {kind}</source>
        <translation>应为对象（名称 → 值），实际为{kind}</translation>
    </message>
    <message>
        <source>expected an object (server name → settings), found {kind}</source>
        <translation>应为对象（服务器名称 → 设置），实际为{kind}</translation>
    </message>
    <message>
        <source>expected an object (the server's settings), found {kind}</source>
        <translation>应为对象（服务器的设置），实际为{kind}</translation>
    </message>
    <message>
        <source>expected an object, found {kind}</source>
        <translation>应为对象，实际为{kind}</translation>
    </message>
    <message>
        <source>expected the environment variable's name (a string)</source>
        <translation>缺少环境变量的名称（字符串）</translation>
    </message>
    <message>
        <source>expected the header's name (a string)</source>
        <translation>缺少请求头的名称（字符串）</translation>
    </message>
    <message>
        <source>expected the input's id (a string)</source>
        <translation>缺少输入项的 id（字符串）</translation>
    </message>
    <message>
        <source>expected the package's identifier (a string)</source>
        <translation>缺少包的标识符 identifier（字符串）</translation>
    </message>
    <message>
        <source>expected the program to start (a non-empty string)</source>
        <translation>应为要启动的程序（非空字符串）</translation>
    </message>
    <message>
        <source>expected the program to start (a non-empty string), found {kind}</source>
        <translation>应为要启动的程序（非空字符串），实际为{kind}</translation>
    </message>
    <message>
        <source>expected the server's URL (a string)</source>
        <translation>缺少服务器的 URL（字符串）</translation>
    </message>
    <message>
        <source>expected the server's URL (a string), found {kind}</source>
        <translation>应为服务器的 URL（字符串），实际为{kind}</translation>
    </message>
    <message>
        <source>expected the server's name (a string)</source>
        <translation>缺少服务器的名称（字符串）</translation>
    </message>
    <message>
        <source>expected {what}, found {kind}</source>
        <translation>应为{what}，实际为{kind}</translation>
    </message>
    <message>
        <source>expected {what}, found {kind}; used as {written}</source>
        <translation>应为{what}，实际为{kind}；按 {written} 使用</translation>
    </message>
    <message>
        <source>holds a password input: arguments are saved in servers.json, not kept secret</source>
        <translation type="vanished">包含密码输入项：参数会保存在 servers.json 中，不会作为机密保存</translation>
    </message>
    <message>
        <source>holds {what}: arguments are saved in servers.json in plain text, not kept secret; better pass it in an environment variable (kept in secrets.json) if the server reads one</source>
        <translation type="vanished">包含{what}：参数会以明文保存在 servers.json 中，不会作为机密保存；如果服务器支持从环境变量读取，最好改用环境变量传入（环境变量的机密值保存在 secrets.json 中）</translation>
    </message>
    <message>
        <source>ignored: the server is reached at a URL</source>
        <translation>已忽略：该服务器通过 URL 连接</translation>
    </message>
    <message>
        <source>ignored: the server is started as a command (stdio)</source>
        <translation>已忽略：该服务器以命令方式启动（stdio）</translation>
    </message>
    <message>
        <source>input {id} runs a VS Code command; type its value in instead</source>
        <translation>输入项 {id} 需要运行 VS Code 命令；请改为手动填写它的值</translation>
    </message>
    <message>
        <source>larger than {mib} MiB: not a configuration file</source>
        <translation>超过 {mib} MiB：不是配置文件</translation>
    </message>
    <message>
        <source>line {line}, column {column}</source>
        <translation>第 {line} 行第 {column} 列</translation>
    </message>
    <message>
        <source>neither "command" (a program to start) nor "url" (a server to reach): nothing to import</source>
        <translation>既没有 "command"（要启动的程序），也没有 "url"（要连接的服务器）：没有可导入的内容</translation>
    </message>
    <message>
        <source>no "command": nothing to start</source>
        <translation>没有 "command"：没有可启动的程序</translation>
    </message>
    <message>
        <source>no "packages" and no "remotes": nothing to start or reach</source>
        <translation>没有 "packages"，也没有 "remotes"：没有可启动或连接的服务器</translation>
    </message>
    <message>
        <source>no "{key}": nowhere to connect</source>
        <translation>没有 "{key}"：没有可连接的地址</translation>
    </message>
    <message>
        <source>no input {id} is defined in $.inputs: {var} left as written</source>
        <translation>$.inputs 中没有定义输入项 {id}：{var} 保持原样</translation>
    </message>
    <message>
        <source>no such file</source>
        <translation>文件不存在</translation>
    </message>
    <message>
        <source>not UTF-8 text</source>
        <translation>不是 UTF-8 文本</translation>
    </message>
    <message>
        <source>not a known MCP configuration: no "mcpServers", "servers", or registry "packages"/"remotes"</source>
        <translation>不是已知的 MCP 配置：没有 "mcpServers"、"servers"，也没有注册表的 "packages"/"remotes"</translation>
    </message>
    <message>
        <source>not a regular file</source>
        <translation>不是普通文件</translation>
    </message>
    <message>
        <source>not imported: the inspector has no such setting</source>
        <translation>未导入：检查器没有这项设置</translation>
    </message>
    <message>
        <source>not valid JSON: nested too deeply</source>
        <translation>JSON 无效：嵌套层级过深</translation>
    </message>
    <message>
        <source>not valid JSON: {why}</source>
        <translation>JSON 无效：{why}</translation>
    </message>
    <message>
        <source>null</source>
        <translation>null</translation>
    </message>
    <message>
        <source>registry type {type} without a runtimeHint: the command to start it is not known</source>
        <translation>注册表类型 {type} 没有 runtimeHint：不知道用什么命令启动它</translation>
    </message>
    <message>
        <source>takes a secret from the environment: arguments are saved in servers.json, not kept secret</source>
        <translation type="vanished">从环境变量中取得机密值：参数会保存在 servers.json 中，不会作为机密保存</translation>
    </message>
    <message>
        <source>the URL carries what looks like a credential ({what}): URLs are saved in servers.json, not kept secret</source>
        <translation type="vanished">URL 中似乎带有凭据（{what}）：URL 会保存在 servers.json 中，不会作为机密保存</translation>
    </message>
    <message>
        <source>the URL holds {what}: URLs are saved in servers.json in plain text, not kept secret</source>
        <translation type="vanished">URL 中包含{what}：URL 会以明文保存在 servers.json 中，不会作为机密保存</translation>
    </message>
    <message>
        <source>the URL takes a secret from the environment: URLs are saved in servers.json, not kept secret</source>
        <translation type="vanished">URL 从环境变量中取得机密值：URL 会保存在 servers.json 中，不会作为机密保存</translation>
    </message>
    <message>
        <source>the inspector starts it with only these variables; clients add them to their own environment</source>
        <translation>检查器启动它时只提供这些变量；其他客户端会把它们加到自身的环境变量中</translation>
    </message>
    <message>
        <source>the package serves over {type} once started: start it yourself and add its URL; only stdio packages are imported</source>
        <translation>该包启动后通过 {type} 提供服务：请自行启动并添加它的 URL；只导入 stdio 包</translation>
    </message>
    <message>
        <source>the server is turned off in that client; imported anyway</source>
        <translation>该服务器在原客户端中已停用；仍然导入</translation>
    </message>
    <message>
        <source>unknown argument type {type} (expected positional or named)</source>
        <translation>未知的参数类型 {type}（应为 positional 或 named）</translation>
    </message>
    <message>
        <source>unknown input type {type}; shown as a text field</source>
        <translation>未知的输入项类型 {type}；以文本框显示</translation>
    </message>
    <message>
        <source>unknown remote type {type} (expected streamable-http or sse)</source>
        <translation>未知的远程类型 {type}（应为 streamable-http 或 sse）</translation>
    </message>
    <message>
        <source>what looks like a key (a long random string)</source>
        <translation>疑似密钥的内容（一长串随机字符）</translation>
    </message>
    <message>
        <source>{client} does not expand variables: {var} left as written</source>
        <translation>{client} 不展开变量：{var} 保持原样</translation>
    </message>
    <message>
        <source>{file} line {line}: expected NAME=VALUE; skipped</source>
        <translation>{file} 第 {line} 行：应为 NAME=VALUE；已跳过</translation>
    </message>
    <message>
        <source>{path} is not a folder here</source>
        <translation>{path} 在本机不是文件夹</translation>
    </message>
    <message>
        <source>{var}: this file is not in a workspace's .vscode or .cursor folder; left as written</source>
        <translation>{var}：该文件不在工作区的 .vscode 或 .cursor 文件夹中；保持原样</translation>
    </message>
    <message>
        <source>{var}: this variable is not supported by the import; left as written</source>
        <translation>{var}：导入不支持这个变量；保持原样</translation>
    </message>
    <message>
        <source>{var}: {name} is not set in the inspector's environment; replaced by an empty string</source>
        <translation>{var}：检查器的环境中没有设置 {name}；替换为空字符串</translation>
    </message>
    <message>
        <source>unknown transport type {type} (expected stdio, http or sse)</source>
        <translation>未知的传输类型 {type}（应为 stdio、http 或 sse）</translation>
    </message>
    <message>
        <source>unknown transport type {type} (expected stdio, sse or streamable-http)</source>
        <translation>未知的传输类型 {type}（应为 stdio、sse 或 streamable-http）</translation>
    </message>
    <message>
        <source>a secret from the environment</source>
        <translation>来自环境变量的机密</translation>
    </message>
    <message>
        <source>holds {what}: kept in secrets.json as the secret variable {name}; the argument reads ${{secret:{name}}}, filled in when the server starts</source>
        <translation>含有{what}：已作为机密变量 {name} 保存在 secrets.json 中；该参数写作 ${{secret:{name}}}，在启动服务器时填入</translation>
    </message>
    <message>
        <source>a device, not a file</source>
        <translation>是设备，不是文件</translation>
    </message>
    <message>
        <source>a folder, not a file</source>
        <translation>是文件夹，不是文件</translation>
    </message>
    <message>
        <source>a named pipe (FIFO), not a file</source>
        <translation>是命名管道（FIFO），不是文件</translation>
    </message>
    <message>
        <source>a part of the path is not a folder</source>
        <translation>路径中有一部分不是文件夹</translation>
    </message>
    <message>
        <source>a socket, not a file</source>
        <translation>是套接字，不是文件</translation>
    </message>
    <message>
        <source>a symbolic link loop (too many levels of symbolic links)</source>
        <translation>符号链接循环（符号链接层级过多）</translation>
    </message>
    <message>
        <source>a symbolic link to a file that does not exist</source>
        <translation>指向不存在文件的符号链接</translation>
    </message>
    <message>
        <source>cannot read {file}: not UTF-8 text (byte {offset}); its variables are not imported</source>
        <translation>无法读取 {file}：不是 UTF-8 文本（第 {offset} 字节）；其中的变量未导入</translation>
    </message>
    <message>
        <source>defined more than once: the last definition is used, as the clients do</source>
        <translation>定义了不止一次：与各客户端一样，使用最后一个定义</translation>
    </message>
    <message>
        <source>permission denied</source>
        <translation>权限不足</translation>
    </message>
    <message>
        <source>the name is too long</source>
        <translation>名称过长</translation>
    </message>
    <message>
        <source>the path holds a character no file name can hold</source>
        <translation>路径中含有文件名不能包含的字符</translation>
    </message>
    <message>
        <source>{file} line {line}: holds a NUL character, which no environment variable can; skipped</source>
        <translation>{file} 第 {line} 行：含有 NUL 字符，环境变量不能包含它；已跳过</translation>
    </message>
    <message>
        <source>"{member}" is missing or empty; left out</source>
        <translation>缺少“{member}”或其为空；已略过</translation>
    </message>
    <message>
        <source>expected {what}, found {kind}; left out</source>
        <translation>应为{what}，实际为{kind}；已略过</translation>
    </message>
    <message>
        <source>expected {what}, found {kind}; the default is used</source>
        <translation>应为{what}，实际为{kind}；使用默认值</translation>
    </message>
    <message>
        <source>expected auto, legacy or modern; the default (auto) is used</source>
        <translation>应为 auto、legacy 或 modern；使用默认值（auto）</translation>
    </message>
    <message>
        <source>the URL carries what looks like a credential ({what}): the URL is kept in secrets.json, masked elsewhere</source>
        <translation>URL 带有看似凭据的内容（{what}）：该 URL 保存在 secrets.json 中，其他地方一律遮盖</translation>
    </message>
    <message>
        <source>the URL holds {what}: the URL is kept in secrets.json, masked elsewhere</source>
        <translation>URL 含有{what}：该 URL 保存在 secrets.json 中，其他地方一律遮盖</translation>
    </message>
    <message>
        <source>the URL takes a secret from the environment: the URL is kept in secrets.json, masked elsewhere</source>
        <translation>URL 从环境变量取得机密：该 URL 保存在 secrets.json 中，其他地方一律遮盖</translation>
    </message>
    <message>
        <source>{var} is not defined in "variables": left as written</source>
        <translation>{var} 未在 "variables" 中定义：按原样保留</translation>
    </message>
    <message>
        <source>The inspector's OAuth sign-in settings (client id, scopes) are not written: the client signs in by itself</source>
        <translation>未写入检查器的 OAuth 登录设置（客户端 ID、范围）：该客户端自行登录</translation>
    </message>
</context>
<context>
    <name>Languages</name>
    <message>
        <source>Follow the system</source>
        <translation>跟随系统</translation>
    </message>
</context>
<context>
    <name>Lifecycle</name>
    <message>
        <source>DELETE session</source>
        <translation>DELETE 会话</translation>
    </message>
    <message>
        <source>Discovering</source>
        <translation>探测中</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>Idle</source>
        <translation>空闲</translation>
    </message>
    <message>
        <source>Initialized</source>
        <translation>已初始化</translation>
    </message>
    <message>
        <source>Initializing</source>
        <translation>初始化中</translation>
    </message>
    <message>
        <source>Modern era, stateless: every request stands alone with its own _meta. A server that needs input from the client answers with an InputRequiredResult and the client retries the request with inputResponses.</source>
        <translation>新版协议，无状态：每个请求都各自独立，带有自己的 _meta。服务器若需要客户端提供输入，会返回 InputRequiredResult，客户端随后携带 inputResponses 重试该请求。</translation>
    </message>
    <message>
        <source>Modern era: there is no handshake and no session state. The client may send any request at once, each carrying protocol version, client info and capabilities in params._meta; a dual-era client first probes with server/discover.</source>
        <translation>新版协议：没有握手，也没有会话状态。客户端可以立即发送任意请求，每个请求都在 params._meta 中携带协议版本、客户端信息和能力；兼容新旧两代协议的客户端会先用 server/discover 进行探测。</translation>
    </message>
    <message>
        <source>Normal traffic in both directions. Both sides must respect the negotiated version and use only capabilities that were declared during negotiation.</source>
        <translation>双向正常通信。双方都必须遵守协商好的协议版本，并且只能使用在能力协商中声明过的能力。</translation>
    </message>
    <message>
        <source>Operating</source>
        <translation>运行中</translation>
    </message>
    <message>
        <source>Ready</source>
        <translation>就绪</translation>
    </message>
    <message>
        <source>SIGKILL</source>
        <translation>SIGKILL</translation>
    </message>
    <message>
        <source>SIGTERM</source>
        <translation>SIGTERM</translation>
    </message>
    <message>
        <source>Shutting down</source>
        <translation>关闭中</translation>
    </message>
    <message>
        <source>Terminated</source>
        <translation>已终止</translation>
    </message>
    <message>
        <source>The client closed the server's stdin and waits for it to exit. If it does not exit in time the client sends SIGTERM, and after another wait SIGKILL.</source>
        <translation>客户端已关闭服务器的 stdin，正在等待其退出。若服务器未按时退出，客户端会发送 SIGTERM，再等待一段时间后发送 SIGKILL。</translation>
    </message>
    <message>
        <source>The server answered with a version the client accepts. The client now owes the notifications/initialized notification before normal traffic starts.</source>
        <translation>服务器以客户端可接受的版本作出了响应。在开始正常通信之前，客户端还须发送 notifications/initialized 通知。</translation>
    </message>
    <message>
        <source>The server process has exited after the client ended the session. Its exit code or signal is recorded.</source>
        <translation>客户端结束会话后，服务器进程已退出，其退出码或信号已记录在案。</translation>
    </message>
    <message>
        <source>The server process runs but nothing has been said. The first message must be the client's initialize request; until it is answered the client should send nothing but ping.</source>
        <translation>服务器进程已在运行，但双方尚未交换任何消息。第一条消息必须是客户端的 initialize 请求；在它得到响应之前，客户端除 ping 外不应发送任何消息。</translation>
    </message>
    <message>
        <source>The session ended without the client asking for it: the server could not be started, or it exited (or its pipes closed) in the middle of the session.</source>
        <translation>会话并非由客户端主动结束：服务器无法启动，或在会话中途退出（或其管道被关闭）。</translation>
    </message>
    <message>
        <source>Uninitialized</source>
        <translation>未初始化</translation>
    </message>
    <message>
        <source>close stdin</source>
        <translation>关闭 stdin</translation>
    </message>
    <message>
        <source>close the event stream</source>
        <translation>关闭事件流</translation>
    </message>
    <message>
        <source>close the streams</source>
        <translation>关闭各个流</translation>
    </message>
    <message>
        <source>connection closed</source>
        <translation>连接已关闭</translation>
    </message>
    <message>
        <source>connection lost</source>
        <translation>连接丢失</translation>
    </message>
    <message>
        <source>disconnect</source>
        <translation>断开连接</translation>
    </message>
    <message>
        <source>initialize is on its way: it carries the newest version the client speaks, its capabilities and its identity. The server answers with the version it chose, its own capabilities and identity. The server may only send pings and log messages before it hears 'initialized'.</source>
        <translation>initialize 请求已发出：其中携带客户端支持的最新协议版本、客户端能力和身份信息。服务器以其选定的版本、自身能力和身份信息作出响应。在收到 initialized 通知之前，服务器只能发送 ping 和日志消息。</translation>
    </message>
    <message>
        <source>initialize →</source>
        <translation>initialize →</translation>
    </message>
    <message>
        <source>no answer (timeout)</source>
        <translation>无响应（超时）</translation>
    </message>
    <message>
        <source>no answer → legacy</source>
        <translation>无响应 → 旧版</translation>
    </message>
    <message>
        <source>no common version</source>
        <translation>无共同版本</translation>
    </message>
    <message>
        <source>notifications/initialized →</source>
        <translation>notifications/initialized →</translation>
    </message>
    <message>
        <source>server could not start</source>
        <translation>服务器无法启动</translation>
    </message>
    <message>
        <source>server exited</source>
        <translation>服务器已退出</translation>
    </message>
    <message>
        <source>server exited / pipe lost</source>
        <translation>服务器退出 / 管道断开</translation>
    </message>
    <message>
        <source>server not reachable</source>
        <translation>无法连接服务器</translation>
    </message>
    <message>
        <source>server/discover is on its way. A DiscoverResult lists the versions and capabilities of the server; -32022 means a modern server that wants another version; any other error, or silence, means a legacy server and the client falls back to initialize.</source>
        <translation>server/discover 请求已发出。DiscoverResult 会列出服务器支持的版本和能力；-32022 表示这是要求改用其他版本的新版服务器；任何其他错误或没有响应，则表示这是旧版服务器，客户端将回退到 initialize。</translation>
    </message>
    <message>
        <source>server/discover →</source>
        <translation>server/discover →</translation>
    </message>
    <message>
        <source>← -32022: retry with a supported version</source>
        <translation>← -32022：改用支持的版本重试</translation>
    </message>
    <message>
        <source>← 404: session expired</source>
        <translation>← 404：会话已过期</translation>
    </message>
    <message>
        <source>← DiscoverResult</source>
        <translation>← DiscoverResult</translation>
    </message>
    <message>
        <source>← HTTP error to initialize</source>
        <translation>← initialize 收到 HTTP 错误状态</translation>
    </message>
    <message>
        <source>← HTTP 4xx → HTTP+SSE</source>
        <translation>← HTTP 4xx → 改用 HTTP+SSE</translation>
    </message>
    <message>
        <source>← HTTP 4xx → legacy</source>
        <translation>← HTTP 4xx → 旧版</translation>
    </message>
    <message>
        <source>← InitializeResult</source>
        <translation>← InitializeResult</translation>
    </message>
    <message>
        <source>← InputRequiredResult: retry with inputResponses</source>
        <translation>← InputRequiredResult：携带 inputResponses 重试</translation>
    </message>
    <message>
        <source>← error / no answer</source>
        <translation>← 错误 / 无响应</translation>
    </message>
    <message>
        <source>← error to initialize</source>
        <translation>← initialize 返回错误</translation>
    </message>
    <message>
        <source>← not a DiscoverResult → legacy</source>
        <translation>← 不是 DiscoverResult → 旧版</translation>
    </message>
    <message>
        <source>← unsupported version</source>
        <translation>← 不支持的版本</translation>
    </message>
    <message>
        <source>never read (start timeout)</source>
        <translation>从未读取（启动超时）</translation>
    </message>
    <message>
        <source>← -32022 after the fallback → discover again</source>
        <translation type="vanished">← 回退后收到 -32022 → 重新探测</translation>
    </message>
    <message>
        <source>← late DiscoverResult → modern</source>
        <translation type="vanished">← 迟到的 DiscoverResult → 新版</translation>
    </message>
    <message>
        <source>← modern after all → discover again</source>
        <translation>← 原来是新版 → 重新探测</translation>
    </message>
</context>
<context>
    <name>LifecycleDiagram</name>
    <message>
        <source>Open the spec</source>
        <translation>打开规范</translation>
    </message>
    <message>
        <source>Lifecycle diagram</source>
        <extracomment>Paint engines that keep shapes (exports): they get the static picture drawn, not the pixmap.</extracomment>
        <translation>生命周期图</translation>
    </message>
    <message>
        <source>State explanation</source>
        <translation>状态说明</translation>
    </message>
    <message>
        <source>Close the explanation (Esc)</source>
        <translation>关闭说明（Esc）</translation>
    </message>
    <message>
        <source>Open this page of the specification (bundled with the inspector)</source>
        <translation>打开规范的这一页（随检查器附带）</translation>
    </message>
    <message>
        <source>Close explanation</source>
        <translation>关闭说明</translation>
    </message>
    <message>
        <source>transition</source>
        <translation>转换</translation>
    </message>
    <message>
        <source>✗ failure</source>
        <translation>✗ 失败转换</translation>
    </message>
    <message>
        <source>current state</source>
        <translation>当前状态</translation>
    </message>
    <message>
        <source>as of entry {n}</source>
        <translation>截至条目 {n}</translation>
    </message>
    <message>
        <source>State: {state}</source>
        <translation>状态：{state}</translation>
    </message>
    <message>
        <source>entry #{n}</source>
        <translation>条目 #{n}</translation>
    </message>
    <message>
        <source>final state</source>
        <translation>终止状态</translation>
    </message>
    <message>
        <source>No session. Tab into the diagram and use the arrow keys to explore the states; Enter explains one.</source>
        <translation>暂无会话。按 Tab 键进入状态图，用方向键浏览各个状态，按 Enter 键查看说明。</translation>
    </message>
    <message>
        <source>Current state: {state}.</source>
        <translation>当前状态：{state}。</translation>
    </message>
    <message>
        <source>State as of entry {n}: {state}.</source>
        <translation>截至条目 {n} 的状态：{state}。</translation>
    </message>
    <message>
        <source>Last transition: {label}, from {src} to {dst}.</source>
        <translation>上一次转换：{label}，从{src}到{dst}。</translation>
    </message>
    <message>
        <source>Next, after Continue: {label}, from {src} to {dst}.</source>
        <translation>点击继续后的下一步：{label}，从{src}到{dst}。</translation>
    </message>
    <message>
        <source>(current state)</source>
        <translation>（当前状态）</translation>
    </message>
    <message>
        <source>Allowed here:</source>
        <translation>此状态下允许：</translation>
    </message>
    <message>
        <source>Next:</source>
        <translation>接下来：</translation>
    </message>
    <message>
        <source>Common failures:</source>
        <translation>常见故障：</translation>
    </message>
    <message>
        <source>Spec: {section}</source>
        <translation>规范：{section}</translation>
    </message>
    <message>
        <source>Transitions from here:</source>
        <translation>从此状态出发的转换：</translation>
    </message>
    <message>
        <source>on “{label}” → stays in {target}</source>
        <translation>事件“{label}” → 仍为{target}</translation>
    </message>
    <message>
        <source>on “{label}” → {target}</source>
        <translation>事件“{label}” → {target}</translation>
    </message>
    <message>
        <source>A final state: the session has ended.</source>
        <translation>终止状态：会话已结束。</translation>
    </message>
    <message>
        <source>Click to see what may happen in this state.</source>
        <translation>点击查看此状态下可能发生什么。</translation>
    </message>
    <message>
        <source>No lifecycle machine selected</source>
        <translation>未选择生命周期状态机</translation>
    </message>
</context>
<context>
    <name>LoadingIndicator</name>
    <message>
        <source>{percent}% of the file read</source>
        <translation>已读取文件的 {percent}%</translation>
    </message>
    <message>
        <source>Loading {name}…</source>
        <translation>正在加载 {name}…</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>Stop loading: keep the entries read so far and leave the rest of the file</source>
        <translation>停止加载：保留已读取的条目，不再读取文件的其余部分</translation>
    </message>
</context>
<context>
    <name>LogModel</name>
    <message>
        <source>Time (s)</source>
        <translation>时间（秒）</translation>
    </message>
    <message>
        <source>Level</source>
        <translation>级别</translation>
    </message>
    <message>
        <source>Logger</source>
        <translation>记录器</translation>
    </message>
    <message>
        <source>Data</source>
        <translation>数据</translation>
    </message>
    <message>
        <source>Entry #{seq} · {level} · logger {logger}</source>
        <translation>条目 #{seq} · {level} · 记录器 {logger}</translation>
    </message>
    <message>
        <source>Not a log level the protocol defines.</source>
        <translation>不是协议定义的日志级别。</translation>
    </message>
</context>
<context>
    <name>LogsPanel</name>
    <message>
        <source>Show</source>
        <translation>显示</translation>
    </message>
    <message>
        <source>{level} and above</source>
        <translation>{level} 及以上</translation>
    </message>
    <message>
        <source>Hide messages below this level (only the view: the server keeps sending them)</source>
        <translation>隐藏低于此级别的消息（仅影响显示：服务器仍会继续发送）</translation>
    </message>
    <message>
        <source>Clear view</source>
        <translation>清空视图</translation>
    </message>
    <message>
        <source>Empty this list; the recording and the timeline keep every message</source>
        <translation>清空此列表；会话记录和时间线仍保留所有消息</translation>
    </message>
    <message>
        <source>Server level</source>
        <translation>服务器级别</translation>
    </message>
    <message>
        <source>The lowest level the server should send</source>
        <translation>服务器应发送的最低级别</translation>
    </message>
    <message>
        <source>Set server level</source>
        <translation>设置服务器级别</translation>
    </message>
    <message>
        <source>Logs</source>
        <translation>日志</translation>
    </message>
    <message>
        <source>Requests carry io.modelcontextprotocol/logLevel = {level} in _meta.</source>
        <translation>请求在 _meta 中携带 io.modelcontextprotocol/logLevel = {level}。</translation>
    </message>
    <message>
        <source>Requests carry no log level in _meta, so a 2026-07-28 server sends no log messages. Set one: it applies to the next requests.</source>
        <translation>请求的 _meta 中没有日志级别，因此 2026-07-28 版服务器不会发送日志消息。设置级别后，将应用于之后的请求。</translation>
    </message>
    <message>
        <source>Not set by this client yet (logging/setLevel); the server uses its own default.</source>
        <translation>本客户端尚未设置（logging/setLevel）；服务器使用其自身的默认级别。</translation>
    </message>
    <message>
        <source>none (no log messages)</source>
        <translation>无（不接收日志）</translation>
    </message>
    <message>
        <source>2026-07-28 has no logging/setLevel: the level goes into each request's _meta (io.modelcontextprotocol/logLevel)</source>
        <translation>2026-07-28 没有 logging/setLevel：级别放在每个请求的 _meta 中（io.modelcontextprotocol/logLevel）</translation>
    </message>
    <message>
        <source>Send logging/setLevel: the server sends messages at this level and above</source>
        <translation>发送 logging/setLevel：服务器将发送此级别及以上的消息</translation>
    </message>
    <message>
        <source>Level {level}: applies to the next requests (io.modelcontextprotocol/logLevel in their _meta).</source>
        <translation>级别 {level}：应用于之后的请求（在其 _meta 中携带 io.modelcontextprotocol/logLevel）。</translation>
    </message>
    <message>
        <source>No log level: the next requests ask for no log messages.</source>
        <translation>无日志级别：之后的请求不索取日志消息。</translation>
    </message>
    <message>
        <source>Sending logging/setLevel {level}…</source>
        <translation>正在发送 logging/setLevel {level}…</translation>
    </message>
    <message>
        <source>Server level: {level} (logging/setLevel answered).</source>
        <translation>服务器级别：{level}（logging/setLevel 已响应）。</translation>
    </message>
    <message>
        <source>logging/setLevel failed: {code} {message}</source>
        <translation type="vanished">logging/setLevel 失败：{code} {message}</translation>
    </message>
    <message>
        <source>{n} messages</source>
        <translation>{n} 条消息</translation>
    </message>
    <message>
        <source>1 message</source>
        <translation>1 条消息</translation>
    </message>
    <message>
        <source>{n} messages, {shown} shown</source>
        <translation>{n} 条消息，显示 {shown} 条</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>MCP Session Inspector</source>
        <translation>MCP 会话检查器</translation>
    </message>
    <message>
        <source>Connect</source>
        <translation type="vanished">连接</translation>
    </message>
    <message>
        <source>Start the selected server and run the start sequence (Ctrl+Enter)</source>
        <translation type="vanished">启动所选服务器并执行启动序列（Ctrl+Enter）</translation>
    </message>
    <message>
        <source>Disconnect</source>
        <translation type="vanished">断开连接</translation>
    </message>
    <message>
        <source>Shut the server down per spec: close stdin, wait, SIGTERM, SIGKILL (Ctrl+Shift+Enter)</source>
        <translation type="vanished">按规范关闭服务器：关闭 stdin，等待，再依次发送 SIGTERM、SIGKILL（Ctrl+Shift+Enter）</translation>
    </message>
    <message>
        <source>Step</source>
        <translation type="vanished">单步</translation>
    </message>
    <message>
        <source>Step mode: every message in both directions, and each shutdown step, waits for Continue. Switched on during a session, the next message waits; off, what waits goes on (Ctrl+T)</source>
        <translation type="vanished">单步模式：双向的每条消息以及每个关闭步骤都要等待“继续”。会话中打开时，下一条消息开始等待；关闭时，正在等待的消息继续发出（Ctrl+T）</translation>
    </message>
    <message>
        <source>Continue</source>
        <translation type="vanished">继续</translation>
    </message>
    <message>
        <source>Send the waiting message (F8)</source>
        <translation type="vanished">发送等待中的消息（F8）</translation>
    </message>
    <message>
        <source>Follow live</source>
        <translation type="vanished">实时跟随</translation>
    </message>
    <message>
        <source>The diagram follows the newest entry instead of the selected row (Ctrl+L)</source>
        <translation type="vanished">状态图跟随最新条目，而不是所选行（Ctrl+L）</translation>
    </message>
    <message>
        <source>Open recording…</source>
        <translation type="vanished">打开记录…</translation>
    </message>
    <message>
        <source>Save recording…</source>
        <translation type="vanished">保存记录…</translation>
    </message>
    <message>
        <source>Compose…</source>
        <translation type="vanished">编写…</translation>
    </message>
    <message>
        <source>Write a message of your own and send it as it is: valid, malformed or out of order (Ctrl+M)</source>
        <translation type="vanished">自己编写一条消息并原样发送：合法、格式错误或顺序错乱皆可（Ctrl+M）</translation>
    </message>
    <message>
        <source>Ping</source>
        <translation type="vanished">Ping</translation>
    </message>
    <message>
        <source>Send ping and show how long the answer took (handshake era)</source>
        <translation type="vanished">发送 ping 并显示应答耗时（握手时代）</translation>
    </message>
    <message>
        <source>Export transcript…</source>
        <translation type="vanished">导出记录稿…</translation>
    </message>
    <message>
        <source>A handout of the session: Markdown or a self-contained HTML page, in the window's language</source>
        <translation type="vanished">会话讲义：Markdown 或独立的 HTML 页面，使用窗口当前的语言</translation>
    </message>
    <message>
        <source>Export diagram…</source>
        <translation type="vanished">导出状态图…</translation>
    </message>
    <message>
        <source>The lifecycle diagram as it is drawn now, as SVG or PNG</source>
        <translation type="vanished">按当前绘制的样子导出生命周期图，格式为 SVG 或 PNG</translation>
    </message>
    <message>
        <source>Presenter</source>
        <translation type="vanished">演示模式</translation>
    </message>
    <message>
        <source>For a projector: larger diagram, step bar and timeline, side panels hidden, lesson notes for the current state (F11)</source>
        <translation type="vanished">用于投影：放大状态图、单步栏和时间线，隐藏侧边面板，显示当前状态的讲解（F11）</translation>
    </message>
    <message>
        <source>Export sequence diagram…</source>
        <translation type="vanished">导出时序图…</translation>
    </message>
    <message>
        <source>The sequence diagram of the rows the timeline shows, as SVG or PNG</source>
        <translation type="vanished">把时间线所显示各行的时序图导出为 SVG 或 PNG</translation>
    </message>
    <message>
        <source>Re-analyse with the current rules</source>
        <translation type="vanished">用当前规则重新分析</translation>
    </message>
    <message>
        <source>Judge the opened recording again with this inspector's rules and schemas, and show what came out differently</source>
        <translation type="vanished">用本检查器当前的规则和 Schema 重新判定打开的记录，并显示结论不同之处</translation>
    </message>
    <message>
        <source>Specification…</source>
        <translation type="vanished">规范…</translation>
    </message>
    <message>
        <source>The MCP specification pages bundled with the inspector, for the negotiated version (F1)</source>
        <translation type="vanished">随检查器附带的 MCP 规范页面，对应协商出的版本（F1）</translation>
    </message>
    <message>
        <source>Import servers…</source>
        <translation type="vanished">导入服务器…</translation>
    </message>
    <message>
        <source>Add servers from Claude Desktop, VS Code, Cursor, Windsurf or MCP Inspector settings, or a registry server.json</source>
        <translation type="vanished">从 Claude Desktop、VS Code、Cursor、Windsurf 或 MCP Inspector 的设置，或注册表的 server.json 添加服务器</translation>
    </message>
    <message>
        <source>Export server entry…</source>
        <translation type="vanished">导出服务器条目…</translation>
    </message>
    <message>
        <source>The selected server as an mcpServers entry for other clients, secrets left out</source>
        <translation type="vanished">把选中的服务器导出为供其他客户端使用的 mcpServers 条目，不含机密</translation>
    </message>
    <message>
        <source>Quit</source>
        <translation type="vanished">退出</translation>
    </message>
    <message>
        <source>Session</source>
        <translation type="vanished">会话</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation type="vanished">文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Session</source>
        <translation type="vanished">会话(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation type="vanished">视图(&amp;V)</translation>
    </message>
    <message>
        <source>Reset layout</source>
        <translation type="vanished">重置布局</translation>
    </message>
    <message>
        <source>Put the docks and toolbar back where the window starts with them</source>
        <translation type="vanished">将停靠面板和工具栏恢复到窗口初始的位置</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation type="vanished">帮助(&amp;H)</translation>
    </message>
    <message>
        <source>Language</source>
        <translation type="vanished">语言</translation>
    </message>
    <message>
        <source>Theme</source>
        <translation type="vanished">主题</translation>
    </message>
    <message>
        <source>Follow the system</source>
        <translation type="vanished">跟随系统</translation>
    </message>
    <message>
        <source>Light</source>
        <translation type="vanished">浅色</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation type="vanished">深色</translation>
    </message>
    <message>
        <source>Connection</source>
        <translation>连接</translation>
    </message>
    <message>
        <source>Features</source>
        <translation>功能</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>详情</translation>
    </message>
    <message>
        <source>Negotiation</source>
        <translation>协商</translation>
    </message>
    <message>
        <source>Authorization</source>
        <translation>授权</translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation>时间线</translation>
    </message>
    <message>
        <source>Sequence</source>
        <translation>时序图</translation>
    </message>
    <message>
        <source>Imported {n} server(s)</source>
        <translation type="vanished">已导入 {n} 个服务器</translation>
    </message>
    <message>
        <source>Fix the highlighted fields first: </source>
        <translation>请先修正标出的字段：</translation>
    </message>
    <message>
        <source>Open recording</source>
        <translation type="vanished">打开会话记录</translation>
    </message>
    <message>
        <source>Recordings (*.jsonl);;All files (*)</source>
        <translation type="vanished">会话记录 (*.jsonl);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Opening {name}…</source>
        <translation type="vanished">正在打开 {name}…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="vanished">取消</translation>
    </message>
    <message>
        <source>Cannot open recording</source>
        <translation type="vanished">无法打开会话记录</translation>
    </message>
    <message>
        <source>MCP Session Inspector — {name} (read-only)</source>
        <translation type="vanished">MCP 会话检查器 — {name}（只读）</translation>
    </message>
    <message>
        <source>Cannot read all of the recording</source>
        <translation type="vanished">无法读取完整的记录</translation>
    </message>
    <message>
        <source>Reading {name} broke off; the entries read before are shown.</source>
        <translation type="vanished">读取 {name} 时中断；显示中断前已读取的条目。</translation>
    </message>
    <message>
        <source>MCP Session Inspector — {name} (read-only, partly loaded)</source>
        <translation type="vanished">MCP 会话检查器 — {name}（只读，部分加载）</translation>
    </message>
    <message>
        <source>Stopped loading {name}: the first {n} entries are shown.</source>
        <translation type="vanished">已停止加载 {name}：显示前 {n} 个条目。</translation>
    </message>
    <message>
        <source>Wait until the recording has loaded (or stop loading it) first.</source>
        <translation type="vanished">请等待记录加载完成（或先停止加载）。</translation>
    </message>
    <message>
        <source>One line of {name} could not be read; everything else is shown.</source>
        <translation type="vanished">{name} 中有一行无法读取；其余内容均已显示。</translation>
    </message>
    <message>
        <source>{n} lines of {name} could not be read; everything else is shown.</source>
        <translation type="vanished">{name} 中有 {n} 行无法读取；其余内容均已显示。</translation>
    </message>
    <message>
        <source>line {line}: {reason}</source>
        <translation type="vanished">第 {line} 行：{reason}</translation>
    </message>
    <message>
        <source>… and {n} more</source>
        <translation type="vanished">……另有 {n} 处</translation>
    </message>
    <message>
        <source>Parts of the recording could not be read</source>
        <translation type="vanished">记录的部分内容无法读取</translation>
    </message>
    <message>
        <source>Opened with {n} unreadable line(s); see the message.</source>
        <translation type="vanished">已打开，有 {n} 行无法读取；详见提示。</translation>
    </message>
    <message>
        <source>Nothing to save yet: connect to a server first.</source>
        <translation type="vanished">还没有可保存的内容：请先连接服务器。</translation>
    </message>
    <message>
        <source>Save recording</source>
        <translation type="vanished">保存会话记录</translation>
    </message>
    <message>
        <source>Recordings (*.jsonl)</source>
        <translation type="vanished">会话记录 (*.jsonl)</translation>
    </message>
    <message>
        <source>Cannot save recording</source>
        <translation type="vanished">无法保存会话记录</translation>
    </message>
    <message>
        <source>Saved {path}</source>
        <translation type="vanished">已保存 {path}</translation>
    </message>
    <message>
        <source>Nothing to export yet: connect to a server or open a recording first.</source>
        <translation type="vanished">还没有可导出的内容：请先连接服务器或打开一份记录。</translation>
    </message>
    <message>
        <source>Export transcript</source>
        <translation type="vanished">导出记录稿</translation>
    </message>
    <message>
        <source>HTML page (*.html);;Markdown (*.md)</source>
        <translation type="vanished">HTML 页面 (*.html);;Markdown (*.md)</translation>
    </message>
    <message>
        <source>Cannot export</source>
        <translation type="vanished">无法导出</translation>
    </message>
    <message>
        <source>Exported {path}</source>
        <translation type="vanished">已导出 {path}</translation>
    </message>
    <message>
        <source>Open a recording first: a live session is judged as it happens.</source>
        <translation type="vanished">请先打开一份记录：实时会话在发生时即被判定。</translation>
    </message>
    <message>
        <source>(re-analysed)</source>
        <translation type="vanished">（已重新分析）</translation>
    </message>
    <message>
        <source>Re-analysed: every entry is judged as it was when it was recorded.</source>
        <translation type="vanished">已重新分析：每个条目的判定都与记录时相同。</translation>
    </message>
    <message>
        <source>now: {rules}</source>
        <translation type="vanished">现在：{rules}</translation>
    </message>
    <message>
        <source>no longer: {rules}</source>
        <translation type="vanished">不再：{rules}</translation>
    </message>
    <message>
        <source>explained now: {notes}</source>
        <translation type="vanished">现有说明：{notes}</translation>
    </message>
    <message>
        <source>no longer explained: {notes}</source>
        <translation type="vanished">不再说明：{notes}</translation>
    </message>
    <message>
        <source>schema: {before} → {after}</source>
        <translation type="vanished">Schema：{before} → {after}</translation>
    </message>
    <message>
        <source>state: {before} → {after}</source>
        <translation type="vanished">状态：{before} → {after}</translation>
    </message>
    <message>
        <source>entry {seq}: {what}</source>
        <translation type="vanished">条目 {seq}：{what}</translation>
    </message>
    <message>
        <source>Re-analysed: {n} entries are judged differently now.</source>
        <translation type="vanished">已重新分析：现在有 {n} 个条目的判定不同。</translation>
    </message>
    <message>
        <source>Re-analysed</source>
        <translation type="vanished">已重新分析</translation>
    </message>
    <message>
        <source>Export sequence diagram</source>
        <translation type="vanished">导出时序图</translation>
    </message>
    <message>
        <source>Exported rows {first}–{last} of {total} to {path}: one file holds at most {limit} rows. Select the row to start from and export again for the others.</source>
        <translation type="vanished">已将第 {first}–{last} 行（共 {total} 行）导出到 {path}：一个文件最多容纳 {limit} 行。其余部分请先选中起始行再导出。</translation>
    </message>
    <message>
        <source>Exported all {total} rows to {path}</source>
        <translation type="vanished">已将全部 {total} 行导出到 {path}</translation>
    </message>
    <message>
        <source>Export diagram</source>
        <translation type="vanished">导出状态图</translation>
    </message>
    <message>
        <source>SVG (*.svg);;PNG (*.png)</source>
        <translation type="vanished">SVG (*.svg);;PNG (*.png)</translation>
    </message>
    <message>
        <source>Step mode for the next connection: every message in both directions, and each shutdown step, waits for Continue (Ctrl+T)</source>
        <translation type="vanished">下一次连接使用单步模式：双向的每条消息以及每个关闭步骤都等待“继续”（Ctrl+T）</translation>
    </message>
    <message>
        <source>The selected server as an entry for another client's configuration file (Claude Desktop, Cursor, VS Code, Windsurf, MCP Inspector), secrets left out</source>
        <translation type="vanished">将所选服务器导出为其他客户端配置文件（Claude Desktop、Cursor、VS Code、Windsurf、MCP Inspector）中的条目，不含机密</translation>
    </message>
    <message>
        <source>Debugging layout</source>
        <translation type="vanished">调试布局</translation>
    </message>
    <message>
        <source>Timeline first: the timeline and the details get the space, the diagram is smaller</source>
        <translation type="vanished">时间线优先：时间线和详情占据空间，图较小</translation>
    </message>
    <message>
        <source>Teaching layout</source>
        <translation type="vanished">教学布局</translation>
    </message>
    <message>
        <source>Diagram and step bar first, the timeline and the details below them</source>
        <translation type="vanished">图和单步栏优先，时间线和详情在其下方</translation>
    </message>
    <message>
        <source>Put the chosen layout back as it starts: its docks, toolbar and proportions</source>
        <translation type="vanished">将所选布局恢复为初始状态：停靠面板、工具栏和比例</translation>
    </message>
    <message>
        <source>Show or hide the Connection dock: saved servers and the editor</source>
        <translation type="vanished">显示或隐藏“连接”停靠面板：已保存的服务器和编辑器</translation>
    </message>
    <message>
        <source>Show or hide the Features dock: tools, resources, prompts, logs, tasks</source>
        <translation type="vanished">显示或隐藏“功能”停靠面板：工具、资源、提示、日志、任务</translation>
    </message>
    <message>
        <source>Toolbar</source>
        <translation type="vanished">工具栏</translation>
    </message>
    <message>
        <source>Recordings</source>
        <translation type="vanished">会话记录</translation>
    </message>
    <message>
        <source>HTML page</source>
        <translation type="vanished">HTML 页面</translation>
    </message>
    <message>
        <source>Markdown</source>
        <translation type="vanished">Markdown</translation>
    </message>
    <message>
        <source>Cannot write {path}: {reason}</source>
        <translation type="vanished">无法写入 {path}：{reason}</translation>
    </message>
    <message>
        <source>Not exported: {why}</source>
        <translation type="vanished">未导出：{why}</translation>
    </message>
    <message>
        <source>unknown file type: the name must end in .html or .md</source>
        <translation type="vanished">未知的文件类型：文件名必须以 .html 或 .md 结尾</translation>
    </message>
    <message>
        <source>Re-analysed: entries judged differently now: {n}.</source>
        <translation type="vanished">已重新分析：现在判定不同的条目数：{n}。</translation>
    </message>
    <message>
        <source>SVG drawing</source>
        <translation type="vanished">SVG 矢量图</translation>
    </message>
    <message>
        <source>PNG image, 2×</source>
        <translation type="vanished">PNG 图片，2×</translation>
    </message>
    <message>
        <source>PNG image, 4×</source>
        <translation type="vanished">PNG 图片，4×</translation>
    </message>
    <message>
        <source>no diagram to export</source>
        <translation type="vanished">没有可导出的图</translation>
    </message>
    <message>
        <source>Lifecycle diagram</source>
        <translation type="vanished">生命周期图</translation>
    </message>
    <message>
        <source>the picture could not be drawn</source>
        <translation type="vanished">无法绘制图片</translation>
    </message>
    <message>
        <source>the SVG writer failed</source>
        <translation type="vanished">SVG 写入失败</translation>
    </message>
    <message>
        <source>unknown file type: the name must end in .svg or .png</source>
        <translation type="vanished">未知的文件类型：文件名必须以 .svg 或 .png 结尾</translation>
    </message>
    <message>
        <source>Cannot save the server list: {why}</source>
        <translation>无法保存服务器列表：{why}</translation>
    </message>
    <message>
        <source>MCP Session Inspector — {name}</source>
        <translation>MCP 会话检查器 — {name}</translation>
    </message>
    <message>
        <source>The modern era (2026-07-28) has no ping: the server would answer -32601 (method not found)</source>
        <translation>现代时代（2026-07-28）没有 ping：服务器会以 -32601（方法不存在）作答</translation>
    </message>
    <message>
        <source>ping failed: {why}</source>
        <translation type="vanished">ping 失败：{why}</translation>
    </message>
    <message>
        <source>ping answered in {ms:.1f} ms</source>
        <translation type="vanished">ping 在 {ms:.1f} 毫秒内得到应答</translation>
    </message>
    <message>
        <source>ping answered with an error: {error}</source>
        <translation type="vanished">ping 得到错误应答：{error}</translation>
    </message>
    <message>
        <source>That page of the specification is not bundled: {ref}</source>
        <translation type="vanished">检查器没有附带规范的这一页：{ref}</translation>
    </message>
    <message>
        <source>; </source>
        <extracomment>Between the items of a list in one line, e.g. the problems after "Fix the highlighted fields first: ".</extracomment>
        <translation type="vanished">；</translation>
    </message>
    <message>
        <source>Session failed: {why}</source>
        <translation>会话失败：{why}</translation>
    </message>
    <message>
        <source>server killed by signal {n}</source>
        <translation type="vanished">服务器被信号 {n} 终止</translation>
    </message>
    <message>
        <source>server exit code {n}</source>
        <translation type="vanished">服务器退出码 {n}</translation>
    </message>
    <message>
        <source>Not connected</source>
        <translation type="vanished">未连接</translation>
    </message>
    <message numerus="yes">
        <source>%Ln entries</source>
        <translation>
            <numerusform>%Ln 个条目</numerusform>
        </translation>
    </message>
    <message>
        <source>State: {s}</source>
        <translation type="vanished">状态：{s}</translation>
    </message>
    <message>
        <source>Era: {e}  Version: {v}</source>
        <translation type="vanished">代际：{e}  版本：{v}</translation>
    </message>
    <message>
        <source>{n} entries</source>
        <translation type="vanished">{n} 个条目</translation>
    </message>
</context>
<context>
    <name>MessageBubble</name>
    <message>
        <source>User</source>
        <translation>用户</translation>
    </message>
    <message>
        <source>Assistant</source>
        <translation>助手</translation>
    </message>
    <message>
        <source>(no role)</source>
        <translation>（无角色）</translation>
    </message>
</context>
<context>
    <name>NegotiationView</name>
    <message>
        <source>No instructions from the server</source>
        <translation>服务器未提供说明（instructions）</translation>
    </message>
    <message>
        <source>Item</source>
        <translation>项目</translation>
    </message>
    <message>
        <source>Client offered</source>
        <translation>客户端提供</translation>
    </message>
    <message>
        <source>Server declared</source>
        <translation>服务器声明</translation>
    </message>
    <message>
        <source>Nothing negotiated yet at this entry: the start exchange comes later.</source>
        <translation>此条目时尚未协商：启动交换在之后进行。</translation>
    </message>
    <message>
        <source>No negotiation yet: connect to a server.</source>
        <translation>尚未协商：请先连接服务器。</translation>
    </message>
    <message>
        <source>{method} was answered with error {code}: {message}</source>
        <translation>{method} 收到错误响应 {code}：{message}</translation>
    </message>
    <message>
        <source>{method} sent, waiting for the answer.</source>
        <translation>已发送 {method}，正在等待响应。</translation>
    </message>
    <message>
        <source>Negotiated version: {v}</source>
        <translation>协商确定的版本：{v}</translation>
    </message>
    <message>
        <source>Requested version {v}; server supports {s}</source>
        <translation>请求的版本 {v}；服务器支持 {s}</translation>
    </message>
    <message>
        <source>Protocol version</source>
        <translation>协议版本</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Version</source>
        <translation>版本</translation>
    </message>
    <message>
        <source>Capabilities</source>
        <translation>能力</translation>
    </message>
    <message>
        <source>not offered</source>
        <translation>未提供</translation>
    </message>
    <message>
        <source>not declared</source>
        <translation>未声明</translation>
    </message>
    <message>
        <source>Instructions from the server:</source>
        <translation>服务器提供的说明：</translation>
    </message>
</context>
<context>
    <name>Origin</name>
    <message>
        <source>InputRequiredResult input request {method}</source>
        <translation>InputRequiredResult 输入请求 {method}</translation>
    </message>
    <message>
        <source>JSON-RPC request {method}</source>
        <translation>JSON-RPC 请求 {method}</translation>
    </message>
    <message>
        <source>server request {method}</source>
        <translation>服务器请求 {method}</translation>
    </message>
    <message>
        <source>The server</source>
        <translation>服务器</translation>
    </message>
    <message>
        <source>{who} asks: {path}</source>
        <translation>{who} 发出请求：{path}</translation>
    </message>
    <message>
        <source>2026-07-28 (modern): the server answered a request with InputRequiredResult; your answer goes into inputResponses of the retried request.</source>
        <translation>2026-07-28（新版）：服务器以 InputRequiredResult 响应了一个请求；这里的答复将放入重试请求的 inputResponses 中。</translation>
    </message>
    <message>
        <source>{version} (legacy): the server sent a JSON-RPC request; your answer is the JSON-RPC response.</source>
        <translation>{version}（旧版）：服务器发送了一个 JSON-RPC 请求；这里的答复就是 JSON-RPC 响应。</translation>
    </message>
    <message>
        <source>legacy</source>
        <translation>旧版</translation>
    </message>
    <message>
        <source>Era unknown (no session attached).</source>
        <translation>代际未知（未关联会话）。</translation>
    </message>
</context>
<context>
    <name>PagedListView</name>
    <message>
        <source>Filter</source>
        <translation>筛选</translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation>刷新</translation>
    </message>
    <message>
        <source>Load more</source>
        <translation>加载更多</translation>
    </message>
    <message>
        <source>Loading…</source>
        <translation>加载中…</translation>
    </message>
    <message>
        <source>1 page</source>
        <translation>1 页</translation>
    </message>
    <message>
        <source>{n} pages</source>
        <translation>{n} 页</translation>
    </message>
    <message>
        <source>more available</source>
        <translation>还有更多</translation>
    </message>
</context>
<context>
    <name>PanelHost</name>
    <message>
        <source>not declared</source>
        <extracomment>how a hidden panel's reason (the words of :mod:`inspector.session.features`) starts -&gt; the short form the one-line note gives it (the full reason is in the note's tooltip)</extracomment>
        <translation>未声明</translation>
    </message>
    <message>
        <source>not in this protocol version</source>
        <translation>此协议版本不支持</translation>
    </message>
    <message>
        <source>no negotiation yet</source>
        <translation>尚未协商</translation>
    </message>
    <message>
        <source>Connect to a server: the panels for what it declares appear here.</source>
        <translation>请连接服务器：其所声明功能的面板将显示在这里。</translation>
    </message>
    <message>
        <source>{panel}: {reason}</source>
        <translation>{panel}：{reason}</translation>
    </message>
    <message>
        <source>, </source>
        <translation>、</translation>
    </message>
    <message>
        <source> ({why})</source>
        <translation>（{why}）</translation>
    </message>
    <message>
        <source>Hidden panels:</source>
        <translation>隐藏的面板：</translation>
    </message>
    <message>
        <source>Hidden: {panels}</source>
        <translation>隐藏：{panels}</translation>
    </message>
    <message>
        <source> · </source>
        <translation> · </translation>
    </message>
    <message>
        <source>By this entry of the recording the start sequence had not finished: no feature panels yet.</source>
        <translation>截至录制的这一条目，启动序列尚未完成：还没有功能面板。</translation>
    </message>
</context>
<context>
    <name>ProfileEditor</name>
    <message>
        <source>Give the server a name.</source>
        <extracomment>What can be wrong with a server's field (session.profiles.PROBLEMS) in words to translate.</extracomment>
        <translation>请为服务器起个名称。</translation>
    </message>
    <message>
        <source>Unknown transport {transport!r}.</source>
        <translation>未知的传输方式 {transport!r}。</translation>
    </message>
    <message>
        <source>The command to start the server is missing.</source>
        <translation>缺少启动服务器的命令。</translation>
    </message>
    <message>
        <source>The server's URL is missing.</source>
        <translation>缺少服务器的 URL。</translation>
    </message>
    <message>
        <source>{url} cannot be read as a URL: {error}.</source>
        <translation>{url} 无法作为 URL 解析：{error}。</translation>
    </message>
    <message>
        <source>{url} is not an http:// or https:// URL.</source>
        <translation>{url} 不是 http:// 或 https:// 开头的 URL。</translation>
    </message>
    <message>
        <source>{url} names no host (http://HOST[:PORT]/PATH).</source>
        <translation>{url} 中没有主机名（http://HOST[:PORT]/PATH）。</translation>
    </message>
    <message>
        <source>{url}: the port must be a number from 1 to 65535.</source>
        <translation>{url}：端口必须是 1 到 65535 之间的数字。</translation>
    </message>
    <message>
        <source>Header name {name!r} is not valid.</source>
        <translation>请求头名称 {name!r} 无效。</translation>
    </message>
    <message>
        <source>The value of {name} must be one line of plain ASCII.</source>
        <translation>{name} 的值必须是单行纯 ASCII 文本。</translation>
    </message>
    <message>
        <source>Unknown era {era!r}.</source>
        <translation>未知的代际 {era!r}。</translation>
    </message>
    <message>
        <source>{version} is not a known protocol version.</source>
        <translation>{version} 不是已知的协议版本。</translation>
    </message>
    <message>
        <source>{version} is not a legacy (handshake) version.</source>
        <translation>{version} 不是旧版（握手）协议版本。</translation>
    </message>
    <message>
        <source>{version} is not a modern version.</source>
        <translation>{version} 不是新版协议版本。</translation>
    </message>
    <message>
        <source>Environment variable name {name!r} is not valid.</source>
        <translation>环境变量名 {name!r} 无效。</translation>
    </message>
    <message>
        <source>Timeouts must be positive.</source>
        <translation>超时必须大于 0。</translation>
    </message>
    <message>
        <source>The longest request time cannot be shorter than the request timeout.</source>
        <translation>单个请求最长时间不能短于请求超时。</translation>
    </message>
    <message>
        <source>The line limit must be at least {kib} KiB.</source>
        <translation>最长行不能小于 {kib} KiB。</translation>
    </message>
    <message>
        <source>{cwd} is not a folder.</source>
        <translation>{cwd} 不是文件夹。</translation>
    </message>
    <message>
        <source>No environment variable {names} for ${{secret:…}} to take its value from.</source>
        <translation>没有名为 {names} 的环境变量，${{secret:…}} 无从取值。</translation>
    </message>
    <message>
        <source>no closing quotation mark</source>
        <extracomment>Why shlex cannot split a command line (its two messages) in words to translate.</extracomment>
        <translation>缺少右引号</translation>
    </message>
    <message>
        <source>a backslash at the end, with nothing to escape</source>
        <translation>末尾有反斜杠，但后面没有可转义的字符</translation>
    </message>
    <message>
        <source>stdio: start a command</source>
        <translation type="vanished">stdio：启动一个命令</translation>
    </message>
    <message>
        <source>HTTP, auto: Streamable HTTP, or HTTP+SSE if refused</source>
        <translation type="vanished">HTTP，自动：先试 Streamable HTTP，被拒则用 HTTP+SSE</translation>
    </message>
    <message>
        <source>Streamable HTTP: a server at a URL</source>
        <translation type="vanished">Streamable HTTP：位于某个 URL 的服务器</translation>
    </message>
    <message>
        <source>HTTP+SSE (2024-11-05): a server's event stream URL</source>
        <translation type="vanished">HTTP+SSE（2024-11-05）：服务器事件流的 URL</translation>
    </message>
    <message>
        <source>The server's MCP endpoint; every message is POSTed here</source>
        <translation>服务器的 MCP 端点；每条消息都 POST 到这里</translation>
    </message>
    <message>
        <source>e.g. node server.js --verbose</source>
        <translation>例如 node server.js --verbose</translation>
    </message>
    <message>
        <source>Program and arguments, split like a shell would (quotes allowed); started without a shell</source>
        <translation>程序及参数，按 shell 的规则拆分（可使用引号）；启动时不经过 shell</translation>
    </message>
    <message>
        <source>(inherit)</source>
        <translation>（继承）</translation>
    </message>
    <message>
        <source>Choose the working directory</source>
        <translation>选择工作目录</translation>
    </message>
    <message>
        <source>auto (probe, then fall back)</source>
        <translation>自动（先探测，失败则回退）</translation>
    </message>
    <message>
        <source>legacy (initialize handshake)</source>
        <translation>旧版（initialize 握手）</translation>
    </message>
    <message>
        <source>modern (2026-07-28, stateless)</source>
        <translation>新版（2026-07-28，无状态）</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Transport</source>
        <translation>传输方式</translation>
    </message>
    <message>
        <source>URL</source>
        <translation>URL</translation>
    </message>
    <message>
        <source>Command</source>
        <translation>命令</translation>
    </message>
    <message>
        <source>Working dir</source>
        <translation>工作目录</translation>
    </message>
    <message>
        <source>Era</source>
        <translation>协议代际</translation>
    </message>
    <message>
        <source>Version</source>
        <translation>版本</translation>
    </message>
    <message>
        <source>Client capabilities to offer</source>
        <translation>要提供的客户端能力</translation>
    </message>
    <message>
        <source>Roots</source>
        <translation>根目录（roots）</translation>
    </message>
    <message>
        <source>Sampling</source>
        <translation>采样（sampling）</translation>
    </message>
    <message>
        <source>Elicitation (form)</source>
        <translation>询问：表单（elicitation）</translation>
    </message>
    <message>
        <source>Elicitation (URL)</source>
        <translation>询问：URL（elicitation）</translation>
    </message>
    <message>
        <source>Tasks</source>
        <translation>任务（tasks）</translation>
    </message>
    <message>
        <source>Roots offered to the server</source>
        <translation>提供给服务器的根目录</translation>
    </message>
    <message>
        <source>Environment</source>
        <translation>环境变量</translation>
    </message>
    <message>
        <source>Inherit the inspector's environment</source>
        <translation>继承检查器的环境变量</translation>
    </message>
    <message>
        <source>Headers sent with every request (Authorization, Cookie, keys and tokens are secret by themselves; mark any other secret):</source>
        <translation>每个请求都会发送的请求头（Authorization、Cookie、密钥和令牌自动视为机密；其他机密请自行标记）：</translation>
    </message>
    <message>
        <source>Server start (until it reads its stdin)</source>
        <translation>服务器启动（直到它读取 stdin）</translation>
    </message>
    <message>
        <source>A longer stdout or stderr line, HTTP body or SSE event keeps its first bytes up to this size; the rest is counted and dropped</source>
        <translation>更长的 stdout 或 stderr 行、HTTP 响应体或 SSE 事件只保留前面这么多字节；其余部分计数后丢弃</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>添加</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <source>HTTP</source>
        <translation>HTTP</translation>
    </message>
    <message>
        <source>Headers sent with every request (mark tokens secret):</source>
        <translation type="vanished">每个请求都会发送的请求头（令牌请标记为机密）：</translation>
    </message>
    <message>
        <source>Verify the server's TLS certificate</source>
        <translation>验证服务器的 TLS 证书</translation>
    </message>
    <message>
        <source>Turn off only for a test server whose certificate you chose to trust</source>
        <translation>仅对你决定信任其证书的测试服务器关闭</translation>
    </message>
    <message>
        <source>Timeouts (seconds)</source>
        <translation>超时（秒）</translation>
    </message>
    <message>
        <source>Start sequence</source>
        <translation>启动序列</translation>
    </message>
    <message>
        <source>Discovery probe</source>
        <translation>发现探测</translation>
    </message>
    <message>
        <source>Requests</source>
        <translation>请求</translation>
    </message>
    <message>
        <source>Exit after stdin closes</source>
        <translation>关闭 stdin 后等待退出</translation>
    </message>
    <message>
        <source>Exit after SIGTERM</source>
        <translation>SIGTERM 后等待退出</translation>
    </message>
    <message>
        <source>Longest request, progress included</source>
        <translation>单个请求最长时间（含进度通知）</translation>
    </message>
    <message>
        <source>A longer stdout or stderr line keeps its first bytes up to this size; the rest is counted and dropped</source>
        <translation type="vanished">更长的 stdout 或 stderr 行只保留前面这么多字节；其余部分计数后丢弃</translation>
    </message>
    <message>
        <source>Longest line</source>
        <translation>最长行</translation>
    </message>
    <message>
        <source>Working directory</source>
        <translation>工作目录</translation>
    </message>
    <message>
        <source>newest of the era</source>
        <translation>该代际的最新版本</translation>
    </message>
    <message>
        <source>TLS verification is off: anyone between you and the server can read and change this session.</source>
        <translation>TLS 验证已关闭：你与服务器之间的任何人都能读取并篡改此会话。</translation>
    </message>
    <message>
        <source>Last auto detection: {era}</source>
        <translation>上次自动检测结果：{era}</translation>
    </message>
    <message>
        <source>HTTP+SSE (Connect goes straight to it; change the URL or the transport to look again)</source>
        <translation>HTTP+SSE（连接时直接使用它；修改 URL 或传输方式即可重新探测）</translation>
    </message>
    <message>
        <source>Streamable HTTP</source>
        <translation>Streamable HTTP</translation>
    </message>
    <message>
        <source>Transport found last time: {transport}</source>
        <translation>上次探测到的传输方式：{transport}</translation>
    </message>
    <message>
        <source>Cannot split the command: {why}</source>
        <translation>无法拆分命令：{why}</translation>
    </message>
    <message>
        <source>Not defined in {v}; it will not be offered</source>
        <translation>{v} 未定义此能力，不会提供</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <source>(registered by the flow)</source>
        <translation>（由流程注册）</translation>
    </message>
    <message>
        <source>(the server's choice)</source>
        <translation>（由服务器决定）</translation>
    </message>
    <message>
        <source>A client secret needs the client id it was issued with.</source>
        <translation>客户端密钥需要与其签发时的客户端 ID 一起填写。</translation>
    </message>
    <message>
        <source>Client id</source>
        <translation>客户端 ID</translation>
    </message>
    <message>
        <source>Client secret</source>
        <translation>客户端密钥</translation>
    </message>
    <message>
        <source>Forget the tokens stored for this server's URL: the next connection signs in again</source>
        <translation>忘记为此服务器 URL 保存的令牌：下次连接时重新登录</translation>
    </message>
    <message>
        <source>Not signed in</source>
        <translation>未登录</translation>
    </message>
    <message>
        <source>OAuth</source>
        <translation>OAuth</translation>
    </message>
    <message>
        <source>OAuth signs in to a server reached by URL only.</source>
        <translation>OAuth 只能登录通过 URL 访问的服务器。</translation>
    </message>
    <message>
        <source>Open in browser</source>
        <translation>在浏览器中打开</translation>
    </message>
    <message>
        <source>Open this address in a browser to sign in to {server}:</source>
        <translation>在浏览器中打开此地址以登录 {server}：</translation>
    </message>
    <message>
        <source>Scopes</source>
        <translation>权限范围</translation>
    </message>
    <message>
        <source>Sign in</source>
        <translation>登录</translation>
    </message>
    <message>
        <source>Sign in with OAuth</source>
        <translation>使用 OAuth 登录</translation>
    </message>
    <message>
        <source>Sign out</source>
        <translation>退出登录</translation>
    </message>
    <message>
        <source>Signed in at {issuer}, scopes {scopes}, expired {time} (renewed at the next connection)</source>
        <translation>已在 {issuer} 登录，权限范围 {scopes}，已于 {time} 过期（下次连接时续期）</translation>
    </message>
    <message>
        <source>Signed in at {issuer}, scopes {scopes}, expires {time} ({left})</source>
        <translation>已在 {issuer} 登录，权限范围 {scopes}，{time} 过期（{left}）</translation>
    </message>
    <message>
        <source>Signed in at {issuer}, scopes {scopes}, no expiry given</source>
        <translation>已在 {issuer} 登录，权限范围 {scopes}，未给出过期时间</translation>
    </message>
    <message>
        <source>When the server asks for authorization, sign in in the browser (the MCP authorization flow)</source>
        <translation>服务器要求授权时，在浏览器中登录（MCP 授权流程）</translation>
    </message>
    <message>
        <source>in {n} days</source>
        <translation>{n} 天后</translation>
    </message>
    <message>
        <source>in {n} h</source>
        <translation>{n} 小时后</translation>
    </message>
    <message>
        <source>in {n} min</source>
        <translation>{n} 分钟后</translation>
    </message>
    <message>
        <source>none named</source>
        <translation>未指定</translation>
    </message>
    <message>
        <source>{scope!r} is not a scope (printable ASCII without spaces, quotes or backslashes).</source>
        <translation>{scope!r} 不是有效的权限范围（须为不含空格、引号或反斜杠的可打印 ASCII 字符）。</translation>
    </message>
    <message>
        <source>Signed in at {issuer}, scopes {scopes}, expired {time} (the next connection signs in again)</source>
        <translation>已登录 {issuer}，范围 {scopes}，已于 {time} 过期（下次连接时重新登录）</translation>
    </message>
</context>
<context>
    <name>Profiles</name>
    <message>
        <source>Demo server (built in)</source>
        <extracomment>The built-in demo server's name, for the translation tools (profiles store it in English).</extracomment>
        <translation>演示服务器（内置）</translation>
    </message>
</context>
<context>
    <name>PromptsPanel</name>
    <message>
        <source>Prompts</source>
        <extracomment>the arguments the form was built for</extracomment>
        <translation>提示</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Identifier</source>
        <translation>标识</translation>
    </message>
    <message>
        <source>Arguments</source>
        <translation>参数</translation>
    </message>
    <message>
        <source>1 prompt</source>
        <translation>1 个提示</translation>
    </message>
    <message>
        <source>{n} prompts</source>
        <translation>{n} 个提示</translation>
    </message>
    <message>
        <source>Nothing selected</source>
        <translation>未选择</translation>
    </message>
    <message>
        <source>Get prompt</source>
        <translation>获取提示</translation>
    </message>
    <message>
        <source>Send prompts/get with the arguments filled in</source>
        <translation>用已填写的参数发送 prompts/get</translation>
    </message>
    <message>
        <source>Messages</source>
        <translation>消息</translation>
    </message>
    <message>
        <source>Refreshes by itself: listening for prompt list changes (subscriptions/listen, id {id}).</source>
        <translation>自动刷新：正在监听提示列表变更（subscriptions/listen，id {id}）。</translation>
    </message>
    <message>
        <source>Opening subscriptions/listen for prompt list changes…</source>
        <translation>正在为提示列表变更打开 subscriptions/listen…</translation>
    </message>
    <message>
        <source>Not listening for list changes. {note}</source>
        <translation>未监听列表变更。{note}</translation>
    </message>
    <message>
        <source>Not listening for list changes.</source>
        <translation>未监听列表变更。</translation>
    </message>
    <message>
        <source>Refreshes by itself on notifications/prompts/list_changed.</source>
        <translation>收到 notifications/prompts/list_changed 时自动刷新。</translation>
    </message>
    <message>
        <source>The server does not announce list changes (no listChanged): use Refresh.</source>
        <translation>服务器不通知列表变更（无 listChanged）：请使用“刷新”。</translation>
    </message>
    <message>
        <source>Pick a prompt to fill in its arguments and get its messages.</source>
        <translation>选择一个提示，填写其参数并获取其消息。</translation>
    </message>
    <message>
        <source>Loading prompts/list…</source>
        <translation>正在加载 prompts/list…</translation>
    </message>
    <message>
        <source>prompts/list failed. {error}</source>
        <translation type="vanished">prompts/list 失败。{error}</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>required</source>
        <translation>必填</translation>
    </message>
    <message>
        <source>optional</source>
        <translation>可选</translation>
    </message>
    <message>
        <source>The server did not declare completions, so no suggestions.</source>
        <translation>服务器未声明 completions，因此没有补全建议。</translation>
    </message>
    <message>
        <source>This prompt takes no arguments.</source>
        <translation>此提示不接受参数。</translation>
    </message>
    <message>
        <source>* required. Suggestions come from the server (completion/complete) as you type.</source>
        <translation>* 为必填项。输入时由服务器提供补全建议（completion/complete）。</translation>
    </message>
    <message>
        <source>* required. The server did not declare completions: type the values yourself.</source>
        <translation>* 为必填项。服务器未声明 completions：请自行输入值。</translation>
    </message>
    <message>
        <source>Fill in the required argument(s) first: {names}.</source>
        <translation>请先填写必填参数：{names}。</translation>
    </message>
    <message>
        <source>Got {name} at entry {seq}: {n} message(s), {duration}.</source>
        <translation>在条目 {seq} 获取了 {name}：{n} 条消息，{duration}。</translation>
    </message>
    <message>
        <source>Getting {name}…</source>
        <translation>正在获取 {name}…</translation>
    </message>
    <message>
        <source>Got {name} at {time}: {n} message(s), {duration}.</source>
        <translation>{time} 获取了 {name}：{n} 条消息，{duration}。</translation>
    </message>
    <message>
        <source>Nothing to show: prompts/get failed.</source>
        <translation>没有可显示的内容：prompts/get 失败。</translation>
    </message>
    <message>
        <source>prompts/get {name} failed. {error}</source>
        <translation>prompts/get {name} 失败。{error}</translation>
    </message>
    <message>
        <source>prompts/get {name} was sent at entry {seq}; not answered by this entry.</source>
        <translation>prompts/get {name} 在条目 {seq} 发出；截至此条目尚未得到回答。</translation>
    </message>
    <message>
        <source>Got {name} at entry {seq}: {n} message(s), {ms:.0f} ms.</source>
        <translation type="vanished">在条目 {seq} 获取了 {name}：{n} 条消息，{ms:.0f} ms。</translation>
    </message>
    <message>
        <source>Got {name} at {time}: {n} message(s), {ms:.0f} ms.</source>
        <translation type="vanished">{time} 获取了 {name}：{n} 条消息，{ms:.0f} ms。</translation>
    </message>
</context>
<context>
    <name>RecordingAlign</name>
    <message>
        <source>Only the first {limit} steps of {side} were compared ({more} more).</source>
        <translation>只比较了 {side} 的前 {limit} 步（另有 {more} 步）。</translation>
    </message>
    <message>
        <source>The recordings hold the same conversation ({n} steps).</source>
        <translation>两个记录包含相同的对话（{n} 步）。</translation>
    </message>
    <message>
        <source>The recordings part at step {n}: A's entry {a}, B's entry {b}.</source>
        <translation>两个记录在第 {n} 步开始不同：A 的条目 {a}，B 的条目 {b}。</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>unanswered</source>
        <translation>未应答</translation>
    </message>
</context>
<context>
    <name>ReplayBar</name>
    <message>
        <source>Pause</source>
        <translation>暂停</translation>
    </message>
    <message>
        <source>Play</source>
        <translation>播放</translation>
    </message>
    <message>
        <source>entry {row} · recorded at {t:.3f} s of {total:.3f} s</source>
        <translation>条目 {row} · 记录于 {t:.3f} 秒（共 {total:.3f} 秒）</translation>
    </message>
    <message>
        <source>entry {row} of {n} · {t:.3f} s</source>
        <translation>条目 {row} / {n} · {t:.3f} 秒</translation>
    </message>
    <message>
        <source>The slider moves entry by entry. Light ticks below it: messages; red ticks above it: entries that broke a rule or the schema.</source>
        <translation>滑块逐条目移动。下方浅色刻度：消息；上方红色刻度：违反规则或 Schema 的条目。</translation>
    </message>
    <message>
        <source>Play the recording back: the diagram and the timeline follow</source>
        <translation>回放这份记录：状态图和时间线随之移动</translation>
    </message>
    <message>
        <source>next message</source>
        <translation>逐条消息</translation>
    </message>
    <message>
        <source>Speed against the recorded time, or one message a second</source>
        <translation>相对记录时间的速度，或每秒一条消息</translation>
    </message>
    <message>
        <source>Next violation</source>
        <translation>下一处违规</translation>
    </message>
    <message>
        <source>Jump to the next entry that broke a rule or the schema (red ticks on the slider)</source>
        <translation>跳到下一条违反规则或 Schema 的条目（滑块上的红色刻度）</translation>
    </message>
</context>
<context>
    <name>ResourcesPanel</name>
    <message>
        <source>The server answered with an error.</source>
        <extracomment>characters of an error's ``data`` shown; the rest is cut with an ellipsis</extracomment>
        <translation>服务器返回了错误。</translation>
    </message>
    <message>
        <source>Error {code}</source>
        <translation>错误 {code}</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>data: {data}</source>
        <translation>data：{data}</translation>
    </message>
    <message>
        <source>… {n} more bytes</source>
        <translation>… 还有 {n} 字节</translation>
    </message>
    <message>
        <source>Completion failed: {error}</source>
        <translation>补全失败：{error}</translation>
    </message>
    <message>
        <source>The server did not agree to: {what}</source>
        <translation>服务器未同意：{what}</translation>
    </message>
    <message>
        <source>Stopped before the request was sent.</source>
        <translation>在请求发出之前已停止。</translation>
    </message>
    <message>
        <source>Stopped: notifications/cancelled sent for request {id}.</source>
        <translation>已停止：已为请求 {id} 发送 notifications/cancelled。</translation>
    </message>
    <message>
        <source>Stopped: the answer stream of request {id} was closed (that cancels it).</source>
        <translation>已停止：请求 {id} 的应答流已关闭（这即是取消）。</translation>
    </message>
    <message>
        <source>The server ended the subscription.</source>
        <translation>服务器结束了订阅。</translation>
    </message>
    <message>
        <source>subscriptions/listen failed: {code} {message}</source>
        <translation>subscriptions/listen 失败：{code} {message}</translation>
    </message>
    <message>
        <source>This content has neither text nor blob.</source>
        <translation type="vanished">此内容既没有 text 也没有 blob。</translation>
    </message>
    <message>
        <source>The blob is not valid base64.</source>
        <translation type="vanished">blob 不是有效的 base64。</translation>
    </message>
    <message>
        <source>The MIME type says image, but the bytes are not an image Qt can read.</source>
        <translation type="vanished">MIME 类型表明是图像，但这些字节不是 Qt 能读取的图像。</translation>
    </message>
    <message>
        <source>Saving…</source>
        <translation>正在保存…</translation>
    </message>
    <message>
        <source>Could not save {path}: {error}</source>
        <translation>无法保存 {path}：{error}</translation>
    </message>
    <message>
        <source>Saved {n} to {path}.</source>
        <translation>已将 {n} 保存到 {path}。</translation>
    </message>
    <message>
        <source>Resources</source>
        <translation>资源</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>URI</source>
        <translation>URI</translation>
    </message>
    <message>
        <source>MIME type</source>
        <translation>MIME 类型</translation>
    </message>
    <message>
        <source>1 resource</source>
        <translation>1 个资源</translation>
    </message>
    <message>
        <source>{n} resources</source>
        <translation>{n} 个资源</translation>
    </message>
    <message>
        <source>URI template</source>
        <translation>URI 模板</translation>
    </message>
    <message>
        <source>1 template</source>
        <translation>1 个模板</translation>
    </message>
    <message>
        <source>{n} templates</source>
        <translation>{n} 个模板</translation>
    </message>
    <message>
        <source>Templates</source>
        <translation>模板</translation>
    </message>
    <message>
        <source>Nothing selected</source>
        <translation>未选择</translation>
    </message>
    <message>
        <source>Select a resource and press Read.</source>
        <translation>选择一个资源，然后点击“读取”。</translation>
    </message>
    <message>
        <source>Read {uri} at entry {seq} ({n} content(s), {duration}).</source>
        <translation>在条目 {seq} 读取了 {uri}（{n} 项内容，{duration}）。</translation>
    </message>
    <message>
        <source>Template arguments</source>
        <translation>模板参数</translation>
    </message>
    <message>
        <source>Expanded URI</source>
        <translation>展开后的 URI</translation>
    </message>
    <message>
        <source>Read</source>
        <translation>读取</translation>
    </message>
    <message>
        <source>Subscribe</source>
        <translation>订阅</translation>
    </message>
    <message>
        <source>Updates</source>
        <translation>更新</translation>
    </message>
    <message>
        <source>Stop listening</source>
        <translation>停止监听</translation>
    </message>
    <message>
        <source>Cancel the subscriptions/listen request (sends notifications/cancelled)</source>
        <translation>取消 subscriptions/listen 请求（发送 notifications/cancelled）</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>清除</translation>
    </message>
    <message>
        <source>Re-read the shown resource when it changes</source>
        <translation>所显示的资源变更时重新读取</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>Via</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>on a subscriptions/listen stream</source>
        <translation>通过 subscriptions/listen 流</translation>
    </message>
    <message>
        <source>resources/read {uri} was sent at entry {seq}; not answered by this entry.</source>
        <translation>resources/read {uri} 在条目 {seq} 发出；截至此条目尚未得到回答。</translation>
    </message>
    <message>
        <source>Read {uri} at entry {seq} ({n} content(s), {ms:.0f} ms).</source>
        <translation type="vanished">在条目 {seq} 读取了 {uri}（{n} 项内容，{ms:.0f} ms）。</translation>
    </message>
    <message>
        <source>notifications/resources/list_changed</source>
        <translation>notifications/resources/list_changed</translation>
    </message>
    <message>
        <source>The lists refresh by themselves when the server announces a change ({how}).</source>
        <translation>服务器通知变更时（{how}），列表会自动刷新。</translation>
    </message>
    <message>
        <source>The server does not announce list changes (no listChanged): use Refresh.</source>
        <translation>服务器不通知列表变更（无 listChanged）：请使用“刷新”。</translation>
    </message>
    <message>
        <source>Stop listening to this resource</source>
        <translation>停止监听此资源</translation>
    </message>
    <message>
        <source>Listen for updates</source>
        <translation>监听更新</translation>
    </message>
    <message>
        <source>Opens a subscriptions/listen stream whose resourceSubscriptions filter lists this resource.</source>
        <translation>打开一个 subscriptions/listen 流，其 resourceSubscriptions 筛选条件列出了此资源。</translation>
    </message>
    <message>
        <source>Unsubscribe</source>
        <translation>取消订阅</translation>
    </message>
    <message>
        <source>Sends resources/unsubscribe.</source>
        <translation>发送 resources/unsubscribe。</translation>
    </message>
    <message>
        <source>Sends resources/subscribe: the server then sends notifications/resources/updated.</source>
        <translation>发送 resources/subscribe：服务器随后会发送 notifications/resources/updated。</translation>
    </message>
    <message>
        <source>The server did not declare resources.subscribe, so it sends no update notifications.</source>
        <translation>服务器未声明 resources.subscribe，因此不会发送更新通知。</translation>
    </message>
    <message>
        <source>A recording: subscriptions are shown as they were sent, not made again.</source>
        <translation>这是一段录制：订阅按发送时的样子显示，不会再次发起。</translation>
    </message>
    <message>
        <source>No session: connect to a server first.</source>
        <translation>无会话：请先连接服务器。</translation>
    </message>
    <message>
        <source>Select a resource (or fill in a template) to follow its updates.</source>
        <translation>选择一个资源（或填写模板）以跟踪其更新。</translation>
    </message>
    <message>
        <source>Opening subscriptions/listen for {uris}… (waiting for the acknowledgement)</source>
        <translation>正在为 {uris} 打开 subscriptions/listen…（等待确认）</translation>
    </message>
    <message>
        <source>Listening (subscription {id}) for updates to {uris}.</source>
        <translation>正在监听 {uris} 的更新（订阅 {id}）。</translation>
    </message>
    <message>
        <source>nothing</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Not listening. {note}</source>
        <translation>未在监听。{note}</translation>
    </message>
    <message>
        <source>Not listening. Select a resource and press Listen for updates.</source>
        <translation>未在监听。请选择资源并点击“监听更新”。</translation>
    </message>
    <message>
        <source>List changes: listening (subscription {id}).</source>
        <translation>列表变更：监听中（订阅 {id}）。</translation>
    </message>
    <message>
        <source>List changes: opening subscriptions/listen…</source>
        <translation>列表变更：正在打开 subscriptions/listen…</translation>
    </message>
    <message>
        <source>List changes: not listening. {note}</source>
        <translation>列表变更：未监听。{note}</translation>
    </message>
    <message>
        <source>Subscribed to {uris}.</source>
        <translation>已订阅 {uris}。</translation>
    </message>
    <message>
        <source>Not subscribed to any resource.</source>
        <translation>未订阅任何资源。</translation>
    </message>
    <message>
        <source>Updates are not available: the server did not declare resources.subscribe.</source>
        <translation>无法获取更新：服务器未声明 resources.subscribe。</translation>
    </message>
    <message>
        <source>Pick a resource to read it, or a template to fill in its arguments.</source>
        <translation>选择一个资源进行读取，或选择一个模板填写其参数。</translation>
    </message>
    <message>
        <source>Loading {method}…</source>
        <translation>正在加载 {method}…</translation>
    </message>
    <message>
        <source>{method} failed. {error}</source>
        <translation type="vanished">{method} 失败。{error}</translation>
    </message>
    <message>
        <source>Press Read (or double-click the row) to read this resource.</source>
        <translation>点击“读取”（或双击该行）以读取此资源。</translation>
    </message>
    <message>
        <source>Fill in the arguments, then press Read.</source>
        <translation>填写参数，然后点击“读取”。</translation>
    </message>
    <message>
        <source>declared size {size}</source>
        <translation>声明大小 {size}</translation>
    </message>
    <message>
        <source>audience: {a}</source>
        <translation type="vanished">受众：{a}</translation>
    </message>
    <message>
        <source>priority {p}</source>
        <translation type="vanished">优先级 {p}</translation>
    </message>
    <message>
        <source>modified {t}</source>
        <translation type="vanished">修改于 {t}</translation>
    </message>
    <message>
        <source>value of {{{name}}}</source>
        <translation>{{{name}}} 的值</translation>
    </message>
    <message>
        <source>The server did not declare completions, so no suggestions.</source>
        <translation>服务器未声明 completions，因此没有补全建议。</translation>
    </message>
    <message>
        <source>This template has no variables.</source>
        <translation>此模板没有变量。</translation>
    </message>
    <message>
        <source>Suggestions come from the server (completion/complete) as you type.</source>
        <translation>输入时由服务器提供补全建议（completion/complete）。</translation>
    </message>
    <message>
        <source>The server did not declare completions: type the values yourself.</source>
        <translation>服务器未声明 completions：请自行输入值。</translation>
    </message>
    <message>
        <source>Fill in {names} first.</source>
        <translation>请先填写 {names}。</translation>
    </message>
    <message>
        <source>Reading {uri}…</source>
        <translation>正在读取 {uri}…</translation>
    </message>
    <message>
        <source>Read {uri} at {time} ({n} content(s), {duration}).</source>
        <translation>{time} 读取了 {uri}（{n} 项内容，{duration}）。</translation>
    </message>
    <message>
        <source>The server returned no contents.</source>
        <translation>服务器未返回任何内容。</translation>
    </message>
    <message>
        <source>Nothing to show: the read failed.</source>
        <translation>没有可显示的内容：读取失败。</translation>
    </message>
    <message>
        <source>resources/read {uri} failed. {error}</source>
        <translation>resources/read {uri} 失败。{error}</translation>
    </message>
    <message>
        <source>The answer has no contents array.</source>
        <translation>响应中没有 contents 数组。</translation>
    </message>
    <message>
        <source>Decoding {uri}…</source>
        <translation>正在解码 {uri}…</translation>
    </message>
    <message>
        <source>Read {uri} at {time} ({n} content(s), {ms:.0f} ms).</source>
        <translation type="vanished">{time} 读取了 {uri}（{n} 项内容，{ms:.0f} ms）。</translation>
    </message>
    <message>
        <source>Subscribing to {uri}…</source>
        <translation>正在订阅 {uri}…</translation>
    </message>
    <message>
        <source>resources/subscribe {uri} failed. {error}</source>
        <translation>resources/subscribe {uri} 失败。{error}</translation>
    </message>
    <message>
        <source>Unsubscribing from {uri}…</source>
        <translation>正在取消订阅 {uri}…</translation>
    </message>
    <message>
        <source>resources/unsubscribe {uri} failed. {error}</source>
        <translation>resources/unsubscribe {uri} 失败。{error}</translation>
    </message>
    <message>
        <source>subscription {id}</source>
        <translation>订阅 {id}</translation>
    </message>
    <message>
        <source>resources/subscribe</source>
        <translation>resources/subscribe</translation>
    </message>
</context>
<context>
    <name>RootsEditor</name>
    <message>
        <source>Type a file:// URI.</source>
        <translation>请输入 file:// URI。</translation>
    </message>
    <message>
        <source>Roots must be file:// URIs.</source>
        <translation>根目录必须是 file:// URI。</translation>
    </message>
    <message>
        <source>A file:// URI needs an absolute path (file:///…).</source>
        <translation>file:// URI 需要绝对路径（file:///…）。</translation>
    </message>
    <message>
        <source>URI</source>
        <translation>URI</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Add folder…</source>
        <translation>添加文件夹…</translation>
    </message>
    <message>
        <source>Pick a folder; it becomes a file:// root</source>
        <translation>选择一个文件夹，将其作为 file:// 根目录</translation>
    </message>
    <message>
        <source>Add URI</source>
        <translation>添加 URI</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <source>Legacy: a change during a session is announced with notifications/roots/list_changed. 2026-07-28: the server asks again (roots/list as an input request) when it needs them.</source>
        <translation>旧版：会话期间的变更通过 notifications/roots/list_changed 通知。2026-07-28：服务器需要时会重新请求（以输入请求的形式发送 roots/list）。</translation>
    </message>
    <message>
        <source>{uri} is already a root.</source>
        <translation>{uri} 已是根目录。</translation>
    </message>
    <message>
        <source>Choose a folder to offer as a root</source>
        <translation>选择要作为根目录提供的文件夹</translation>
    </message>
    <message>
        <source>Rows with a problem are not offered.</source>
        <translation>有问题的行不会提供给服务器。</translation>
    </message>
</context>
<context>
    <name>Rules</name>
    <message>
        <source>The host sent a request for a server feature the server did not declare (tools, prompts, resources or their subscribe, logging, completions), or a notification its own capabilities did not declare (roots/list_changed without roots.listChanged); both parties must only use negotiated capabilities.</source>
        <translation>宿主请求了服务器未声明的服务器功能（tools、prompts、resources 或其 subscribe、logging、completions），或发送了其自身能力未声明的通知（未声明 roots.listChanged 却发送 roots/list_changed）；双方只能使用已协商的能力。</translation>
    </message>
    <message>
        <source>202 Accepted with a body: a notification or response the server accepts gets 202 and no body.</source>
        <translation>202 Accepted 带有响应体：服务器接受的通知或响应应返回 202 且不带响应体。</translation>
    </message>
    <message>
        <source>A JSON-RPC batch (array); only protocol 2025-03-26 allows batches.</source>
        <translation>JSON-RPC 批量消息（数组）；只有 2025-03-26 版协议允许批量消息。</translation>
    </message>
    <message>
        <source>A JSON-RPC response came on another stream than the answer to the POST that carried its request (or on the GET stream, where a server must not send responses).</source>
        <translation>JSON-RPC 响应没有出现在携带其请求的 POST 的应答中，而是出现在另一条流上（或出现在 GET 流上，而服务器不得在那里发送响应）。</translation>
    </message>
    <message>
        <source>A hand-written message that is not JSON (sent on purpose from the composer): a server must not take it for a message.</source>
        <translation>手写的消息不是 JSON（在编写器中有意发送）：服务器不得把它当作消息。</translation>
    </message>
    <message>
        <source>A hand-written message that is not valid UTF-8; MCP messages are UTF-8 encoded.</source>
        <translation>手写的消息不是合法的 UTF-8；MCP 消息采用 UTF-8 编码。</translation>
    </message>
    <message>
        <source>A hand-written request reused the id of a client request that is still waiting for its answer; ids must be unique among requests in flight.</source>
        <translation type="vanished">手写的请求重用了一个仍在等待应答的客户端请求的 id；进行中的请求的 id 必须唯一。</translation>
    </message>
    <message>
        <source>A log message while no in-flight request asked for one with io.modelcontextprotocol/logLevel.</source>
        <translation>收到一条日志消息，但当前没有任何进行中的请求通过 io.modelcontextprotocol/logLevel 请求日志。</translation>
    </message>
    <message>
        <source>A message (body or SSE line) is longer than the inspector's limit; its first bytes are kept and the rest was counted and dropped.</source>
        <translation>消息（响应体或 SSE 行）超过了检查器的上限；保留了开头的字节，其余部分已计数并丢弃。</translation>
    </message>
    <message>
        <source>A message the server sent over HTTP (a JSON body or the data of an SSE event) is not JSON.</source>
        <translation>服务器经 HTTP 发送的消息（JSON 响应体或 SSE 事件的数据）不是 JSON。</translation>
    </message>
    <message>
        <source>A message the server sent over HTTP is not valid UTF-8; MCP messages are UTF-8 encoded.</source>
        <translation>服务器经 HTTP 发送的消息不是有效的 UTF-8；MCP 消息使用 UTF-8 编码。</translation>
    </message>
    <message>
        <source>A method this protocol version does not define for this direction.</source>
        <translation>此协议版本未在该方向上定义此方法。</translation>
    </message>
    <message>
        <source>A progress notification for a token no active request carries.</source>
        <translation>进度通知中的 token 不属于任何进行中的请求。</translation>
    </message>
    <message>
        <source>A request got no answer within its timeout.</source>
        <translation>请求在超时时间内未收到响应。</translation>
    </message>
    <message>
        <source>A response carries both 'result' and 'error'; it must carry exactly one.</source>
        <translation>响应同时包含 'result' 和 'error'；二者必须有且仅有一个。</translation>
    </message>
    <message>
        <source>A response that arrived after the client had stopped waiting for it (timeout).</source>
        <translation>响应在客户端已停止等待（超时）之后才到达。</translation>
    </message>
    <message>
        <source>A response to a request that was never sent.</source>
        <translation>响应所对应的请求从未发送过。</translation>
    </message>
    <message>
        <source>A second response to a request that was already answered.</source>
        <translation>对已响应过的请求再次作出了响应。</translation>
    </message>
    <message>
        <source>A tool's x-mcp-header annotation breaks the transport's constraints (a string, integer or boolean property reached through 'properties' alone, a unique token name); a client must not use that tool over Streamable HTTP.</source>
        <translation>工具的 x-mcp-header 标注违反了传输层的约束（只能用于仅经由 'properties' 到达的字符串、整数或布尔属性，且名称须为唯一的令牌）；客户端不得经 Streamable HTTP 使用该工具。</translation>
    </message>
    <message>
        <source>Before initialize was answered, the client sent a request other than initialize or ping.</source>
        <translation>在 initialize 得到应答之前，客户端发送了 initialize 和 ping 以外的请求。</translation>
    </message>
    <message>
        <source>In 2026-07-28 a server must not send independent JSON-RPC requests on an SSE stream; it asks for input with InputRequiredResult.</source>
        <translation>在 2026-07-28 中，服务器不得在 SSE 流上发送独立的 JSON-RPC 请求；它应通过 InputRequiredResult 请求输入。</translation>
    </message>
    <message>
        <source>In 2026-07-28 a server must not write JSON-RPC requests to stdout; it asks for input with InputRequiredResult.</source>
        <translation>在 2026-07-28 版本中，服务器不得向 stdout 写入 JSON-RPC 请求；需要输入时应返回 InputRequiredResult。</translation>
    </message>
    <message>
        <source>In 2026-07-28 some JSON-RPC errors come with a fixed HTTP status: HeaderMismatch (-32020), MissingRequiredClientCapability (-32021) and UnsupportedProtocolVersion (-32022) with 400, Method not found (-32601) with 404; this one came with another.</source>
        <translation>在 2026-07-28 中，某些 JSON-RPC 错误必须配合固定的 HTTP 状态码：HeaderMismatch（-32020）、MissingRequiredClientCapability（-32021）和 UnsupportedProtocolVersion（-32022）配 400，Method not found（-32601）配 404；这条错误配的却是别的状态码。</translation>
    </message>
    <message>
        <source>InputRequiredResult answered a request that may not receive one (only tools/call, prompts/get, resources/read).</source>
        <translation>InputRequiredResult 被用于响应不允许接收它的请求（仅限 tools/call、prompts/get、resources/read）。</translation>
    </message>
    <message>
        <source>The 'jsonrpc' member is missing or not exactly "2.0".</source>
        <translation>缺少 'jsonrpc' 成员，或其值不完全等于 "2.0"。</translation>
    </message>
    <message>
        <source>The DiscoverResult has no usable 'supportedVersions' list.</source>
        <translation>DiscoverResult 中没有可用的 'supportedVersions' 列表。</translation>
    </message>
    <message>
        <source>The client sent a request other than ping before its 'initialized' notification.</source>
        <translation>客户端在发送 initialized 通知之前发送了 ping 以外的请求。</translation>
    </message>
    <message>
        <source>The id is not a string or an integer (null, fractional, boolean or missing).</source>
        <translation>id 既不是字符串也不是整数（为 null、小数、布尔值或缺失）。</translation>
    </message>
    <message>
        <source>The inspector failed while analysing this entry (a bug in the inspector, not necessarily in the server); the bytes are recorded as they arrived.</source>
        <translation>检查器在分析此条目时出错（这是检查器的缺陷，不一定是服务器的问题）；字节已按到达时的原样记录。</translation>
    </message>
    <message>
        <source>The line is longer than the inspector's limit; its first bytes are kept and the rest was counted and dropped.</source>
        <translation>该行超过了检查器的长度上限；保留了开头的字节，其余部分已计数并丢弃。</translation>
    </message>
    <message>
        <source>The line is not valid UTF-8; MCP messages are UTF-8 encoded.</source>
        <translation>该行不是有效的 UTF-8；MCP 消息必须采用 UTF-8 编码。</translation>
    </message>
    <message>
        <source>The server answered 404 to a request that carried the session id: the session has ended, and the client must start a new one with initialize.</source>
        <translation>服务器对带有会话 ID 的请求返回 404：会话已结束，客户端必须用 initialize 开始新的会话。</translation>
    </message>
    <message>
        <source>The server answered initialize with an error.</source>
        <translation>服务器对 initialize 返回了错误。</translation>
    </message>
    <message>
        <source>The server answered server/discover with a success that is not a DiscoverResult (no 'supportedVersions'); only a DiscoverResult means modern, so the client falls back to initialize.</source>
        <translation>服务器对 server/discover 返回了成功响应，但它不是 DiscoverResult（没有 'supportedVersions'）；只有 DiscoverResult 才表示新版服务器，因此客户端回退到 initialize。</translation>
    </message>
    <message>
        <source>The server answered with a content type the transport does not allow (a POST: application/json or text/event-stream; the GET stream: text/event-stream).</source>
        <translation>服务器返回了传输层不允许的内容类型（POST：application/json 或 text/event-stream；GET 流：text/event-stream）。</translation>
    </message>
    <message>
        <source>The server answered with an HTTP error status (a 4xx whose body is a JSON-RPC error is not flagged: the error says why).</source>
        <translation>服务器以 HTTP 错误状态码应答（4xx 且响应体是 JSON-RPC 错误的不会被标记：错误本身说明了原因）。</translation>
    </message>
    <message>
        <source>The server asked for a client feature the client did not declare.</source>
        <translation>服务器请求了客户端未声明的客户端功能。</translation>
    </message>
    <message>
        <source>The server did not exit after SIGTERM; the client had to send SIGKILL.</source>
        <translation>收到 SIGTERM 后服务器没有退出；客户端不得不发送 SIGKILL。</translation>
    </message>
    <message>
        <source>The server did not exit after its stdin was closed; the client had to send SIGTERM.</source>
        <translation>stdin 关闭后服务器没有退出；客户端不得不发送 SIGTERM。</translation>
    </message>
    <message>
        <source>The server exited before the handshake completed.</source>
        <translation>服务器在握手完成之前退出。</translation>
    </message>
    <message>
        <source>The server kept sending messages for a request the client cancelled.</source>
        <translation>客户端已取消某个请求，服务器却仍在为其发送消息。</translation>
    </message>
    <message>
        <source>The server negotiated a protocol version other than the one the client offered.</source>
        <translation>服务器协商的协议版本与客户端提供的版本不同。</translation>
    </message>
    <message>
        <source>The server negotiated a protocol version the client does not support; the client should disconnect.</source>
        <translation>服务器协商的协议版本客户端不支持；客户端应断开连接。</translation>
    </message>
    <message>
        <source>The server reused the id of one of its own requests that is still pending.</source>
        <translation>服务器重复使用了自己某个仍在等待响应的请求的 id。</translation>
    </message>
    <message>
        <source>The server sent a different Mcp-Session-Id in the middle of a session.</source>
        <translation>服务器在会话中途发送了不同的 Mcp-Session-Id。</translation>
    </message>
    <message>
        <source>The server sent a message other than a log message or ping before answering initialize.</source>
        <translation>在响应 initialize 之前，服务器发送了日志消息和 ping 以外的消息。</translation>
    </message>
    <message>
        <source>The server sent a message that needs a server capability it did not declare.</source>
        <translation>服务器发送的消息需要一项它未声明的服务器能力。</translation>
    </message>
    <message>
        <source>The server sent a request other than ping before the client's 'initialized' notification.</source>
        <translation>在客户端发送 'initialized' 通知之前，服务器发送了 ping 以外的请求。</translation>
    </message>
    <message>
        <source>The server wrote a line to stdout that is not JSON; stdout is for MCP messages only.</source>
        <translation>服务器向 stdout 写入了一行非 JSON 内容；stdout 只能用于传输 MCP 消息。</translation>
    </message>
    <message>
        <source>The stream ended in the middle of a line (no newline after the last bytes).</source>
        <translation>数据流在一行的中途结束（最后的字节之后没有换行符）。</translation>
    </message>
    <message>
        <source>Valid JSON, but not a JSON-RPC request, notification or response.</source>
        <translation>是有效的 JSON，但不是 JSON-RPC 请求、通知或响应。</translation>
    </message>
    <message>
        <source>A hand-written request reused the id of an earlier client request; a request id must not have been used before by the same side in the session.</source>
        <translation>手写请求复用了客户端先前请求的 id；在同一会话中，请求 id 不得是同一方先前用过的。</translation>
    </message>
    <message>
        <source>initialize was sent again after the start sequence: a session is initialized once. The answer is shown but changes nothing of what was negotiated.</source>
        <translation>启动流程之后再次发送了 initialize：一个会话只初始化一次。其应答会显示出来，但不改变已协商的任何内容。</translation>
    </message>
    <message>
        <source>An HTTP body that is no message (an error page, a DELETE answer, what a stream sent of an unfinished event) is longer than the inspector's limit; its first bytes are kept and the rest was counted and dropped.</source>
        <translation>不是消息的 HTTP 响应体（错误页面、DELETE 的应答、流中未完成事件已发来的部分）超过了检查器的上限；保留了开头的字节，其余部分已计数并丢弃。</translation>
    </message>
    <message>
        <source>An answer's body did not arrive whole: the connection was reset or closed early, its framing (chunked encoding, Content-Length) was broken, or it was still arriving at the read timeout; the bytes that came are kept.</source>
        <translation>应答的响应体没有完整到达：连接被重置或提前关闭，其分帧（分块编码、Content-Length）有误，或者到读取超时时仍在传来；已到达的字节都保留了。</translation>
    </message>
    <message>
        <source>The server answered with a redirect (3xx) instead of at the MCP endpoint; the client does not follow it, so its messages and headers (credentials among them) go nowhere but the endpoint it was given.</source>
        <translation>服务器以重定向（3xx）应答，而不是在 MCP 端点上作答；客户端不跟随重定向，因此它的消息和请求头（包括凭据）只发往给定的端点。</translation>
    </message>
    <message>
        <source>Not a server bug: an error response with id null (or none) for a request whose id the server could not read (a parse error, an invalid request, or an HTTP POST refused as a whole). JSON-RPC 2.0 requires id null there; MCP's schema has no null id (from 2025-11-25 it lets the id be left out instead), so the schema was checked apart from the id.</source>
        <translation>并非服务器的错误：对一个服务器无法读出其 id 的请求（解析错误、无效请求，或整个被拒绝的 HTTP POST）所作的错误响应，其 id 为 null（或没有 id）。JSON-RPC 2.0 要求此时 id 为 null；MCP 的 Schema 中没有 null id（自 2025-11-25 起允许省略 id），因此 Schema 检查时不计 id。</translation>
    </message>
    <message>
        <source>The client sent its 'initialized' notification before the server had answered initialize; it comes after a successful InitializeResult.</source>
        <translation>客户端在服务器应答 initialize 之前就发送了 'initialized' 通知；它应在成功的 InitializeResult 之后发送。</translation>
    </message>
    <message>
        <source>The host (watched through the proxy) wrote a line that is not valid UTF-8; MCP messages are UTF-8 encoded.</source>
        <translation>宿主（通过代理观察）写入的一行不是合法的 UTF-8；MCP 消息采用 UTF-8 编码。</translation>
    </message>
    <message>
        <source>The host (watched through the proxy) wrote a line to the server's stdin that is not JSON; stdin is for MCP messages only.</source>
        <translation>宿主（通过代理观察）向服务器的 stdin 写入了一行非 JSON 内容；stdin 只用于 MCP 消息。</translation>
    </message>
    <message>
        <source>The host reused the id of one of its earlier requests; a request id must not have been used before by the same side in the session.</source>
        <translation>宿主复用了它先前某个请求的 id；在同一会话中，请求 id 不得是同一方先前用过的。</translation>
    </message>
    <message>
        <source>A 401 response without a WWW-Authenticate header; the server must send one, and MCP servers name their resource metadata in it.</source>
        <translation>401 响应没有 WWW-Authenticate 头；服务器必须发送该头，且 MCP 服务器要在其中指明资源元数据。</translation>
    </message>
    <message>
        <source>A 403 insufficient_scope challenge without a scope parameter; the server should name the scopes the request needs, so the client knows what to ask for.</source>
        <translation>403 insufficient_scope 质询没有 scope 参数；服务器应指明该请求所需的权限范围，客户端才知道该申请什么。</translation>
    </message>
    <message>
        <source>A member the metadata RFC requires is missing, though the flow can go on without it.</source>
        <translation>缺少元数据 RFC 要求的成员，但流程没有它也能继续。</translation>
    </message>
    <message>
        <source>A member the metadata document must have is missing.</source>
        <translation>缺少元数据文档必须具有的成员。</translation>
    </message>
    <message>
        <source>A metadata member has the wrong type (a string where a list of strings belongs, or the reverse); it was ignored.</source>
        <translation>某个元数据成员类型错误（应为字符串列表处给了字符串，或相反）；已忽略该成员。</translation>
    </message>
    <message>
        <source>A parameter appears twice in one challenge; each may appear at most once (the first was used).</source>
        <translation>同一质询中某个参数出现了两次；每个参数最多只能出现一次（已使用第一个）。</translation>
    </message>
    <message>
        <source>An authorization server endpoint is not HTTPS; all of them must be (loopback addresses are allowed for development).</source>
        <translation>某个授权服务器端点不是 HTTPS；所有端点都必须是 HTTPS（开发时允许环回地址）。</translation>
    </message>
    <message>
        <source>Dynamic client registration did not give a client id (an error, or an answer without client_id).</source>
        <translation>动态客户端注册没有给出客户端 ID（返回了错误，或应答中没有 client_id）。</translation>
    </message>
    <message>
        <source>No Protected Resource Metadata at any URL the client must try; MCP servers must publish it (from 2025-06-18). The client can only fall back to 2025-03-26's discovery or stop.</source>
        <translation>客户端必须尝试的所有 URL 上都没有受保护资源元数据；MCP 服务器必须发布它（自 2025-06-18 起）。客户端只能回退到 2025-03-26 的发现方式，或者停止。</translation>
    </message>
    <message>
        <source>No authorization server metadata at any URL the client must try (RFC 8414, then OpenID Connect discovery); authorization servers must provide one of them.</source>
        <translation>客户端必须尝试的所有 URL 上都没有授权服务器元数据（先 RFC 8414，再 OpenID Connect 发现）；授权服务器必须提供其中之一。</translation>
    </message>
    <message>
        <source>No authorization server metadata: the client uses 2025-03-26's default endpoints (/authorize, /token, /register at the server's origin), as that version says.</source>
        <translation>没有授权服务器元数据：客户端按 2025-03-26 版本的规定，使用该版本的默认端点（服务器源下的 /authorize、/token、/register）。</translation>
    </message>
    <message>
        <source>No way to get a client id: none pre-registered, the authorization server supports neither Client ID Metadata Documents nor dynamic registration; the user must enter a client id.</source>
        <translation>无法获得客户端 ID：没有预注册的 ID，授权服务器既不支持客户端 ID 元数据文档，也不支持动态注册；用户必须输入客户端 ID。</translation>
    </message>
    <message>
        <source>None of the token endpoint's client authentication methods (token_endpoint_auth_methods_supported) is one the client can use with the credentials it has.</source>
        <translation>令牌端点的客户端认证方式（token_endpoint_auth_methods_supported）中，没有一种是客户端凭现有凭据能使用的。</translation>
    </message>
    <message>
        <source>The 401's Bearer challenge has no resource_metadata parameter; in 2025-06-18 the server must name its Protected Resource Metadata there (later versions allow the well-known URI instead).</source>
        <translation>401 的 Bearer 质询没有 resource_metadata 参数；在 2025-06-18 中服务器必须在此指明其受保护资源元数据（之后的版本允许改用 well-known URI）。</translation>
    </message>
    <message>
        <source>The Protected Resource Metadata lists no authorization server; MCP servers must list at least one.</source>
        <translation>受保护资源元数据没有列出授权服务器；MCP 服务器必须至少列出一个。</translation>
    </message>
    <message>
        <source>The Protected Resource Metadata names another resource than the MCP server; its data must not be used.</source>
        <translation>受保护资源元数据指明的资源不是这个 MCP 服务器；不得使用其中的数据。</translation>
    </message>
    <message>
        <source>The Protected Resource Metadata no longer lists the authorization server the stored client credentials were issued by; they are not sent to another one, and the client registers anew.</source>
        <translation>受保护资源元数据不再列出颁发已存客户端凭据的授权服务器；这些凭据不会发给其他服务器，客户端将重新注册。</translation>
    </message>
    <message>
        <source>The Protected Resource Metadata's resource is a parent of the MCP server's URL (same origin), not the server's own URI; tokens will be asked for that broader resource.</source>
        <translation>受保护资源元数据中的 resource 是 MCP 服务器 URL 的上级（同源），而不是服务器自身的 URI；令牌将按这个更宽的资源申请。</translation>
    </message>
    <message>
        <source>The WWW-Authenticate header does not follow the challenge grammar (an unclosed quote, a parameter without a value, a stray character); what could be read was kept.</source>
        <translation>WWW-Authenticate 头不符合质询语法（引号未闭合、参数没有值或多余字符）；已保留能读出的部分。</translation>
    </message>
    <message>
        <source>The WWW-Authenticate header has no Bearer challenge; MCP access tokens are bearer tokens.</source>
        <translation>WWW-Authenticate 头中没有 Bearer 质询；MCP 访问令牌是持有者（Bearer）令牌。</translation>
    </message>
    <message>
        <source>The access token is a JWT whose aud claim does not name the MCP server's resource; the server must only accept tokens issued for it.</source>
        <translation>访问令牌是 JWT，其 aud 声明没有指明 MCP 服务器的资源；服务器只能接受为它颁发的令牌。</translation>
    </message>
    <message>
        <source>The authorization response has neither a code nor an error.</source>
        <translation>授权响应既没有 code 也没有 error。</translation>
    </message>
    <message>
        <source>The authorization response's iss is not the issuer the request was sent to (a mix-up attack or a misconfigured server); the code must not be used and its error not shown.</source>
        <translation>授权响应的 iss 不是请求所发往的颁发者（混淆攻击或服务器配置错误）；不得使用其中的 code，也不显示其错误。</translation>
    </message>
    <message>
        <source>The authorization response's state is missing or differs from the one sent; the result must be discarded.</source>
        <translation>授权响应的 state 缺失或与发送的不同；必须丢弃该结果。</translation>
    </message>
    <message>
        <source>The authorization server advertises authorization_response_iss_parameter_supported but its response has no iss; the response must be rejected.</source>
        <translation>授权服务器声明了 authorization_response_iss_parameter_supported，但其响应中没有 iss；必须拒绝该响应。</translation>
    </message>
    <message>
        <source>The authorization server does not list S256 in code_challenge_methods_supported; MCP clients must use S256, so the flow stops.</source>
        <translation>授权服务器的 code_challenge_methods_supported 中没有 S256；MCP 客户端必须使用 S256，因此流程停止。</translation>
    </message>
    <message>
        <source>The authorization server metadata has no code_challenge_methods_supported: it does not say it supports PKCE, and from 2025-11-25 the client must refuse to go on.</source>
        <translation>授权服务器元数据没有 code_challenge_methods_supported：它没有表明支持 PKCE，自 2025-11-25 起客户端必须拒绝继续。</translation>
    </message>
    <message>
        <source>The authorization server metadata has no code_challenge_methods_supported; PKCE is required, so the client sends S256 anyway (versions before 2025-11-25 do not ask the client to refuse).</source>
        <translation>授权服务器元数据没有 code_challenge_methods_supported；PKCE 是必需的，因此客户端仍发送 S256（2025-11-25 之前的版本不要求客户端拒绝）。</translation>
    </message>
    <message>
        <source>The authorization server redirected back with an error instead of a code.</source>
        <translation>授权服务器重定向回来时带的是错误，而不是 code。</translation>
    </message>
    <message>
        <source>The authorization server's grant_types_supported does not include the grant the client needs.</source>
        <translation>授权服务器的 grant_types_supported 不包含客户端需要的授权类型。</translation>
    </message>
    <message>
        <source>The authorization server's response_types_supported does not include "code"; the authorization code flow is not offered.</source>
        <translation>授权服务器的 response_types_supported 不包含 "code"；不提供授权码流程。</translation>
    </message>
    <message>
        <source>The metadata document is not a JSON object.</source>
        <translation>元数据文档不是 JSON 对象。</translation>
    </message>
    <message>
        <source>The metadata's issuer is not identical to the issuer the discovery URL was built from; the client must not use this metadata.</source>
        <translation>元数据中的 issuer 与构造发现 URL 所用的颁发者不完全相同；客户端不得使用此元数据。</translation>
    </message>
    <message>
        <source>The token endpoint answered with an error.</source>
        <translation>令牌端点返回了错误。</translation>
    </message>
    <message>
        <source>The token response is not a JSON object with access_token and token_type.</source>
        <translation>令牌响应不是含有 access_token 和 token_type 的 JSON 对象。</translation>
    </message>
    <message>
        <source>The token response's token_type is not Bearer; MCP clients send bearer tokens.</source>
        <translation>令牌响应的 token_type 不是 Bearer；MCP 客户端发送的是持有者（Bearer）令牌。</translation>
    </message>
    <message>
        <source>The token was granted fewer scopes than were asked for; requests needing the others will get 403 insufficient_scope.</source>
        <translation>令牌获得的权限范围少于所申请的；需要其余范围的请求将得到 403 insufficient_scope。</translation>
    </message>
    <message>
        <source>None of the Client ID Metadata Document's redirect_uris is the loopback redirect URI the flow uses (on a loopback IP address only the port may differ); the authorization server must refuse the authorization request.</source>
        <translation>客户端 ID 元数据文档的 redirect_uris 中没有一个是本流程使用的回环重定向 URI（在回环 IP 地址上只有端口可以不同）；授权服务器必须拒绝该授权请求。</translation>
    </message>
    <message>
        <source>The Client ID Metadata Document at the client id's URL could not be read as a JSON object (no answer, a status other than 200, or a body that is no JSON object); the authorization server cannot read it either.</source>
        <translation>无法将客户端 ID 所在 URL 的客户端 ID 元数据文档读取为 JSON 对象（没有应答、状态码不是 200，或正文不是 JSON 对象）；授权服务器同样无法读取它。</translation>
    </message>
    <message>
        <source>The Client ID Metadata Document is larger than 5 kilobytes, the most authorization servers are advised to read; some may refuse it.</source>
        <translation>客户端 ID 元数据文档大于 5 KB（建议授权服务器读取的上限）；有些授权服务器可能会拒绝它。</translation>
    </message>
    <message>
        <source>The Client ID Metadata Document lacks a member it must have (client_id, client_name, redirect_uris), or has it with the wrong type.</source>
        <translation>客户端 ID 元数据文档缺少必需的成员（client_id、client_name、redirect_uris），或其类型错误。</translation>
    </message>
    <message>
        <source>The Client ID Metadata Document names a token endpoint authentication the inspector cannot use: a shared secret is not allowed in such a document, and private_key_jwt is allowed but not supported here (only none, a public client).</source>
        <translation>客户端 ID 元数据文档指定了检查器无法使用的令牌端点认证方式：此类文档不允许使用共享密钥，private_key_jwt 虽然允许但此处不支持（只支持 none，即公共客户端）。</translation>
    </message>
    <message>
        <source>The Client ID Metadata Document's client_id is not exactly the URL it was fetched from; the authorization server must refuse it.</source>
        <translation>客户端 ID 元数据文档的 client_id 与获取它的 URL 不完全相同；授权服务器必须拒绝它。</translation>
    </message>
</context>
<context>
    <name>SamplingDialog</name>
    <message>
        <source>── system prompt ──</source>
        <translation>── 系统提示词 ──</translation>
    </message>
    <message>
        <source>── message {n}: {role} ──</source>
        <translation>── 消息 {n}：{role} ──</translation>
    </message>
    <message>
        <source>(no messages)</source>
        <translation>（无消息）</translation>
    </message>
    <message>
        <source>hints {names}</source>
        <translation>模型提示 {names}</translation>
    </message>
    <message>
        <source>intelligence {value}</source>
        <translation>智能 {value}</translation>
    </message>
    <message>
        <source>speed {value}</source>
        <translation>速度 {value}</translation>
    </message>
    <message>
        <source>cost {value}</source>
        <translation>成本 {value}</translation>
    </message>
    <message>
        <source>Sampling request — {server}</source>
        <translation>采样请求 — {server}</translation>
    </message>
    <message>
        <source>server</source>
        <translation>服务器</translation>
    </message>
    <message>
        <source>Max tokens</source>
        <translation>最大 token 数</translation>
    </message>
    <message>
        <source>Model preferences</source>
        <translation>模型偏好</translation>
    </message>
    <message>
        <source>tools {names}</source>
        <translation>工具 {names}</translation>
    </message>
    <message>
        <source>Also</source>
        <translation>其他</translation>
    </message>
    <message>
        <source>Conversation</source>
        <translation>对话</translation>
    </message>
    <message>
        <source>JSON</source>
        <translation>JSON</translation>
    </message>
    <message>
        <source>The server asks the model</source>
        <translation>服务器向模型发出的请求</translation>
    </message>
    <message>
        <source>The name of the model that 'generated' the message</source>
        <translation>“生成”该消息的模型名称</translation>
    </message>
    <message>
        <source>Write the model's answer here…</source>
        <translation>在此输入模型的回答…</translation>
    </message>
    <message>
        <source>Your response, as the model</source>
        <translation>回复（以模型身份）</translation>
    </message>
    <message>
        <source>Role</source>
        <translation>角色</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Stop reason</source>
        <translation>停止原因</translation>
    </message>
    <message>
        <source>Text</source>
        <translation>文本</translation>
    </message>
    <message>
        <source>Reject</source>
        <translation>拒绝</translation>
    </message>
    <message>
        <source>Answer with error -1 “User rejected sampling request”</source>
        <translation>以错误 -1 “User rejected sampling request”作答</translation>
    </message>
    <message>
        <source>Approve and send</source>
        <translation>批准并发送</translation>
    </message>
    <message>
        <source>Rejected automatically in {time} if unanswered</source>
        <translation>若未答复，将在 {time} 后自动拒绝</translation>
    </message>
</context>
<context>
    <name>SchemaForm</name>
    <message>
        <source>(root)</source>
        <translation>（根）</translation>
    </message>
    <message>
        <source>schema could not be compiled: {0}</source>
        <translation>无法编译 Schema：{0}</translation>
    </message>
    <message>
        <source>valid</source>
        <translation>有效</translation>
    </message>
    <message>
        <source>at {0}: {1}</source>
        <translation>{0} 处：{1}</translation>
    </message>
    <message>
        <source>a schema must be an object or a boolean</source>
        <translation type="vanished">Schema 必须是对象或布尔值</translation>
    </message>
    <message>
        <source>is required</source>
        <translation>为必填项</translation>
    </message>
    <message>
        <source>an e-mail address</source>
        <translation>电子邮件地址</translation>
    </message>
    <message>
        <source>a URI (scheme:...)</source>
        <translation>URI（scheme:...）</translation>
    </message>
    <message>
        <source>base64 data</source>
        <translation>base64 数据</translation>
    </message>
    <message>
        <source>a date (YYYY-MM-DD)</source>
        <translation>日期（YYYY-MM-DD）</translation>
    </message>
    <message>
        <source>a time (hh:mm:ss)</source>
        <translation>时间（hh:mm:ss）</translation>
    </message>
    <message>
        <source>a date and time (YYYY-MM-DDThh:mm:ssZ)</source>
        <translation>日期时间（YYYY-MM-DDThh:mm:ssZ）</translation>
    </message>
    <message>
        <source>a UUID</source>
        <translation>UUID</translation>
    </message>
    <message>
        <source>an IPv4 address</source>
        <translation>IPv4 地址</translation>
    </message>
    <message>
        <source>must be one of: {0}</source>
        <translation>必须是以下之一：{0}</translation>
    </message>
    <message>
        <source>must be at least {0} characters long</source>
        <translation>长度至少为 {0} 个字符</translation>
    </message>
    <message>
        <source>must not be empty</source>
        <translation>不能为空</translation>
    </message>
    <message>
        <source>must be at most {0} characters long</source>
        <translation>长度最多为 {0} 个字符</translation>
    </message>
    <message>
        <source>must match the pattern {0}</source>
        <translation>必须匹配正则表达式 {0}</translation>
    </message>
    <message>
        <source>needs a time zone (Z or ±hh:mm)</source>
        <translation>需要时区（Z 或 ±hh:mm）</translation>
    </message>
    <message>
        <source>must be {0}</source>
        <translation>必须是 {0}</translation>
    </message>
    <message>
        <source>must be at least {0}</source>
        <translation>不能小于 {0}</translation>
    </message>
    <message>
        <source>must be at most {0}</source>
        <translation>不能大于 {0}</translation>
    </message>
    <message>
        <source>must be greater than {0}</source>
        <translation>必须大于 {0}</translation>
    </message>
    <message>
        <source>must be less than {0}</source>
        <translation>必须小于 {0}</translation>
    </message>
    <message>
        <source>must be a multiple of {0}</source>
        <translation>必须是 {0} 的倍数</translation>
    </message>
    <message>
        <source>needs at least {0} item(s)</source>
        <translation>至少需要 {0} 项</translation>
    </message>
    <message>
        <source>allows at most {0} item(s)</source>
        <translation>最多允许 {0} 项</translation>
    </message>
    <message>
        <source>items must be unique</source>
        <translation>各项不能重复</translation>
    </message>
    <message>
        <source>$ref {0} points nowhere</source>
        <translation>$ref {0} 未指向任何定义</translation>
    </message>
    <message>
        <source>any JSON value</source>
        <translation>任意 JSON 值</translation>
    </message>
    <message>
        <source>not a schema object</source>
        <translation>不是 Schema 对象</translation>
    </message>
    <message>
        <source>recursive $ref</source>
        <translation>递归的 $ref</translation>
    </message>
    <message>
        <source>remote $ref {0}</source>
        <translation>远程 $ref {0}</translation>
    </message>
    <message>
        <source>allOf of several schemas</source>
        <translation>由多个 Schema 组成的 allOf</translation>
    </message>
    <message>
        <source>{0} of several schemas</source>
        <translation>由多个 Schema 组成的 {0}</translation>
    </message>
    <message>
        <source>{0} is not shown in the form</source>
        <translation>{0} 不在表单中显示</translation>
    </message>
    <message>
        <source>a value of several types ({0})</source>
        <translation>多种类型的值（{0}）</translation>
    </message>
    <message>
        <source>no type</source>
        <translation>无类型</translation>
    </message>
    <message>
        <source>type {0}</source>
        <translation>类型 {0}</translation>
    </message>
    <message>
        <source>required</source>
        <translation>必填</translation>
    </message>
    <message>
        <source>{0}–{1} characters</source>
        <translation>{0}–{1} 个字符</translation>
    </message>
    <message>
        <source>up to {0} characters</source>
        <translation>最多 {0} 个字符</translation>
    </message>
    <message>
        <source>whole number</source>
        <translation>整数</translation>
    </message>
    <message>
        <source>number</source>
        <translation>数字</translation>
    </message>
    <message>
        <source>must be a whole number</source>
        <translation>必须是整数</translation>
    </message>
    <message>
        <source>must be a number</source>
        <translation>必须是数字</translation>
    </message>
    <message>
        <source>must be a finite number</source>
        <translation>必须是有限数</translation>
    </message>
    <message>
        <source>(not set)</source>
        <translation>（未设置）</translation>
    </message>
    <message>
        <source>— choose —</source>
        <translation>— 请选择 —</translation>
    </message>
    <message>
        <source>{0} (not in the list)</source>
        <translation>{0}（不在列表中）</translation>
    </message>
    <message>
        <source>{0} is not one of the choices</source>
        <translation>{0} 不是可选项之一</translation>
    </message>
    <message>
        <source>{0} — edit in Raw JSON ({1})</source>
        <translation>{0} — 请在原始 JSON 中编辑（{1}）</translation>
    </message>
    <message>
        <source>no properties declared</source>
        <translation>未声明属性</translation>
    </message>
    <message>
        <source>Add item</source>
        <translation>添加项</translation>
    </message>
    <message>
        <source>Remove this item</source>
        <translation>移除此项</translation>
    </message>
    <message>
        <source>the arguments are not an object (type {0})</source>
        <translation>参数不是对象（类型为 {0}）</translation>
    </message>
    <message>
        <source>The form cannot show this schema: {0}.</source>
        <translation>表单无法显示此 Schema：{0}。</translation>
    </message>
    <message>
        <source>No fields: this takes no arguments.</source>
        <translation>无字段：不需要参数。</translation>
    </message>
    <message>
        <source>No fields declared; the schema accepts any object (use Raw JSON to send some).</source>
        <translation>未声明字段；该 Schema 接受任意对象（如需发送内容，请使用原始 JSON）。</translation>
    </message>
    <message>
        <source>a free-form object</source>
        <translation>自由格式的对象</translation>
    </message>
    <message>
        <source>an object without declared properties</source>
        <translation>未声明属性的对象</translation>
    </message>
    <message>
        <source>a tuple array</source>
        <translation>元组数组</translation>
    </message>
    <message>
        <source>{0} is not JSON</source>
        <translation>{0} 不是 JSON</translation>
    </message>
    <message>
        <source>line {0}, column {1}: {2}</source>
        <translation>第 {0} 行，第 {1} 列：{2}</translation>
    </message>
</context>
<context>
    <name>SequenceView</name>
    <message>
        <source>Client</source>
        <extracomment>Export limits, for a file a viewer can open: a PNG at most this many pixels tall, an SVG at most this many rows (about 1 KB a row). The theme's colour of each tone a row takes (:class:`~inspector.session.sequence_rows.RowShape`; the link's notes take the stderr lines' colour, as before format 3)</extracomment>
        <translation>客户端</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>服务器</translation>
    </message>
    <message>
        <source>Process</source>
        <translation>进程</translation>
    </message>
    <message>
        <source>HTTP</source>
        <translation>HTTP</translation>
    </message>
    <message>
        <source>(round of entry {seq})</source>
        <translation>（条目 {seq} 的又一轮）</translation>
    </message>
    <message>
        <source>Sequence diagram: rows {first}–{last} of {total}</source>
        <translation>时序图：第 {first}–{last} 行，共 {total} 行</translation>
    </message>
    <message>
        <source>unknown file type: the name must end in .svg or .png</source>
        <translation type="vanished">未知的文件类型：文件名必须以 .svg 或 .png 结尾</translation>
    </message>
    <message>
        <source>the picture could not be drawn</source>
        <translation type="vanished">无法绘制图片</translation>
    </message>
    <message>
        <source>the SVG writer failed</source>
        <translation type="vanished">SVG 写入失败</translation>
    </message>
    <message>
        <source>Sequence diagram</source>
        <translation type="vanished">时序图</translation>
    </message>
</context>
<context>
    <name>SessionController</name>
    <message>
        <source>Disconnect before opening a recording.</source>
        <translation>打开记录前请先断开连接。</translation>
    </message>
    <message>
        <source>there is no session to save</source>
        <translation>没有可保存的会话</translation>
    </message>
    <message>
        <source>internal error: {error}</source>
        <translation>内部错误：{error}</translation>
    </message>
</context>
<context>
    <name>SessionTools</name>
    <message>
        <source>ping failed: {why}</source>
        <translation>ping 失败：{why}</translation>
    </message>
    <message>
        <source>ping answered in {ms:.1f} ms</source>
        <translation type="vanished">ping 在 {ms:.1f} 毫秒内得到应答</translation>
    </message>
    <message>
        <source>ping answered in {duration}</source>
        <translation>ping 在 {duration} 内得到应答</translation>
    </message>
    <message>
        <source>ping answered with an error: {error}</source>
        <translation>ping 得到错误应答：{error}</translation>
    </message>
    <message>
        <source>That page of the specification is not bundled: {ref}</source>
        <translation>检查器没有附带规范的这一页：{ref}</translation>
    </message>
</context>
<context>
    <name>Settings</name>
    <message>
        <source>settings.ini: {key} could not be read ({value}); the default is used</source>
        <translation>settings.ini：无法读取 {key}（{value}）；使用默认值</translation>
    </message>
</context>
<context>
    <name>SideBySide</name>
    <message>
        <source>Side by side</source>
        <extracomment>Export limits, for a file a viewer can open: a PNG at most this many pixels tall, an SVG at most this many rows (about 1 KB a row). The theme's colour of each tone a row takes (:class:`~inspector.session.sequence_rows.RowShape`; the link's notes take the stderr lines' colour, as before format 3)</extracomment>
        <translation>并排</translation>
    </message>
    <message>
        <source>Show the sequence diagram beside the timeline, scrolling with it</source>
        <translation>在时间线旁显示时序图，并与其同步滚动</translation>
    </message>
</context>
<context>
    <name>SpecViewer</name>
    <message>
        <source>MCP specification</source>
        <translation>MCP 规范</translation>
    </message>
    <message>
        <source>Back</source>
        <translation>后退</translation>
    </message>
    <message>
        <source>Forward</source>
        <translation>前进</translation>
    </message>
    <message>
        <source>Licence</source>
        <translation>许可证</translation>
    </message>
    <message>
        <source>The licence of the specification pages bundled with the inspector</source>
        <translation>随检查器附带的规范页面的许可证</translation>
    </message>
    <message>
        <source>The Model Context Protocol specification, version {version}, as bundled with the inspector (unchanged; see Licence).</source>
        <translation>Model Context Protocol 规范，版本 {version}，随检查器附带（原样未改；见许可证）。</translation>
    </message>
    <message>
        <source>That page is not bundled with the inspector: {link}</source>
        <translation>检查器没有附带这一页：{link}</translation>
    </message>
</context>
<context>
    <name>StatusLine</name>
    <message>
        <source>; </source>
        <extracomment>Between the items of a list in one line, e.g. the problems after "Fix the highlighted fields first: ".</extracomment>
        <translation>；</translation>
    </message>
    <message>
        <source>State: {s}</source>
        <translation>状态：{s}</translation>
    </message>
    <message>
        <source>Era: {e}  Version: {v}</source>
        <translation>代际：{e}  版本：{v}</translation>
    </message>
    <message>
        <source>Not connected</source>
        <translation>未连接</translation>
    </message>
    <message>
        <source>server killed by signal {n}</source>
        <translation>服务器被信号 {n} 终止</translation>
    </message>
    <message>
        <source>server exit code {n}</source>
        <translation>服务器退出码 {n}</translation>
    </message>
</context>
<context>
    <name>StepBar</name>
    <message>
        <source>Continue</source>
        <translation>继续</translation>
    </message>
    <message>
        <source>Send this message (F8)</source>
        <translation>发送此消息（F8）</translation>
    </message>
    <message>
        <source>Run to end</source>
        <translation>运行到底</translation>
    </message>
    <message>
        <source>Leave step mode: the waiting message and all later ones go without waiting</source>
        <translation type="vanished">退出单步模式：正在等待的消息及之后的所有消息都不再等待</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>详情</translation>
    </message>
    <message>
        <source>Show or hide the explanation and the message (the step bar keeps one line)</source>
        <translation>显示或隐藏说明和消息（单步栏保留一行）</translation>
    </message>
    <message>
        <source>Leave step mode: the waiting message and all later ones go without waiting, and the view follows the newest entry again</source>
        <translation>退出单步模式：正在等待的消息及之后的所有消息都不再等待，视图重新跟随最新条目</translation>
    </message>
    <message>
        <source>Step back</source>
        <translation>后退一步</translation>
    </message>
    <message>
        <source>Show the previous step in the timeline and the diagram (the wire cannot be undone: only the view moves)</source>
        <translation>在时间线和状态图中显示上一步（线上发生的无法撤销：只移动视图）</translation>
    </message>
    <message>
        <source>Step mode: a message from the server waits to be taken in</source>
        <translation>单步模式：一条来自服务器的消息正等待被接收</translation>
    </message>
    <message>
        <source>Take this message in: record, check and deliver it (F8)</source>
        <translation>接收这条消息：记录、检查并交付（F8）</translation>
    </message>
    <message>
        <source>Step mode: the next shutdown step waits for Continue</source>
        <translation>单步模式：下一个关闭步骤等待“继续”</translation>
    </message>
    <message>
        <source>Take this shutdown step (F8)</source>
        <translation>执行这个关闭步骤（F8）</translation>
    </message>
    <message>
        <source>Step mode: this message waits for Continue</source>
        <translation>单步模式：此消息等待点击“继续”后发送</translation>
    </message>
    <message>
        <source>Spec {version}: {page}</source>
        <translation>规范 {version}：{page}</translation>
    </message>
    <message>
        <source>Open this page of the specification (bundled with the inspector)</source>
        <translation>打开规范的这一页（随检查器附带）</translation>
    </message>
</context>
<context>
    <name>Steps</name>
    <message>
        <source>Lifecycle: after a successful initialize result the client must send notifications/initialized before normal requests.</source>
        <translation>生命周期：收到成功的 initialize 结果后，客户端必须先发送 notifications/initialized，然后才能发送常规请求。</translation>
    </message>
    <message>
        <source>Lifecycle: the first message must be initialize, carrying the newest version the client speaks, its capabilities and identity.</source>
        <translation>生命周期：第一条消息必须是 initialize，携带客户端支持的最新协议版本、客户端能力和身份信息。</translation>
    </message>
    <message>
        <source>Modern era: every request carries protocol version, client info and capabilities in params._meta.</source>
        <translation>新版协议：每个请求都在 params._meta 中携带协议版本、客户端信息和能力。</translation>
    </message>
    <message>
        <source>The client is about to answer the server's request {method}. The answer carries the id of that request and is checked against the schema before it goes.</source>
        <translation>客户端即将应答服务器的请求 {method}。应答带有该请求的 id，发送前会按 Schema 检查。</translation>
    </message>
    <message>
        <source>The client is about to close its HTTP streams. There is no session id to DELETE (the server gave none, or the era has no sessions), so the session ends when the client stops sending.</source>
        <translation>客户端即将关闭它的 HTTP 流。没有可供 DELETE 的会话 id（服务器没有给出，或者该时代没有会话），因此客户端停止发送时会话即告结束。</translation>
    </message>
    <message>
        <source>The client is about to close the server's stdin: that is how a stdio session ends. A well-behaved server reads end-of-file, finishes what it was doing and exits on its own. The inspector then gives it {grace} to exit.</source>
        <translation>客户端即将关闭服务器的 stdin：stdio 会话就是这样结束的。行为良好的服务器读到文件结束（EOF）后，会完成手头的工作并自行退出。随后检查器给它 {grace} 的时间退出。</translation>
    </message>
    <message>
        <source>The client is about to end the HTTP session with DELETE, sending its Mcp-Session-Id. The server should forget the session; 405 means it does not let clients end sessions. Then the client closes its streams and the session is over.</source>
        <translation>客户端即将用 DELETE 结束 HTTP 会话，并带上它的 Mcp-Session-Id。服务器应当丢弃该会话；405 表示它不允许客户端结束会话。随后客户端关闭它的流，会话结束。</translation>
    </message>
    <message>
        <source>The client is about to send a message that is not a JSON-RPC request, notification or answer (written by hand). The server must cope with it.</source>
        <translation>客户端即将发送一条既不是 JSON-RPC 请求、通知也不是应答的消息（手写）。服务器必须能应对它。</translation>
    </message>
    <message>
        <source>The client is about to send the notification {method}. A notification gets no answer: the server acts on it, or ignores it.</source>
        <translation>客户端即将发送通知 {method}。通知没有应答：服务器要么处理它，要么忽略它。</translation>
    </message>
    <message>
        <source>The client is about to send the request {method}. Once it is written the server owes an answer with the same id; the timeline will pair the two and time the round trip.</source>
        <translation>客户端即将发送请求 {method}。一旦写出，服务器就应以相同的 id 作答；时间线会把两者配对并计时往返。</translation>
    </message>
    <message>
        <source>The server did not exit after SIGTERM either. The last step is SIGKILL, which no process can catch or ignore: the kernel ends it. A server that needs SIGKILL is misbehaving, and the timeline says so.</source>
        <translation>服务器在 SIGTERM 之后仍未退出。最后一步是 SIGKILL，任何进程都无法捕获或忽略它：由内核直接结束进程。需要 SIGKILL 的服务器行为不当，时间线会标明这一点。</translation>
    </message>
    <message>
        <source>The server is still running {grace} after its stdin was closed. The next step is SIGTERM to its process group, which asks it to terminate; a server that handles it cleans up and exits. The timeline flags a server that needs it.</source>
        <translation>stdin 关闭 {grace} 后服务器仍在运行。下一步是向它的进程组发送 SIGTERM，请求其终止；处理该信号的服务器会清理并退出。需要这一步的服务器会在时间线上被标记。</translation>
    </message>
    <message>
        <source>The server sent the notification {method}. It waits here; Continue records it, checks it and passes it on (logs, progress, list changes).</source>
        <translation>服务器发来了通知 {method}。它在此等待；按“继续”后会被记录、检查并转交（日志、进度、列表变化）。</translation>
    </message>
    <message>
        <source>The server sent the request {method}. It waits here; after Continue the client decides how to answer it.</source>
        <translation>服务器发来了请求 {method}。它在此等待；按“继续”后由客户端决定如何应答。</translation>
    </message>
    <message>
        <source>The server wrote something that is not a JSON-RPC message. It waits here; Continue records it as it arrived and flags what is wrong with it.</source>
        <translation>服务器写出了一段不是 JSON-RPC 消息的内容。它在此等待；按“继续”后会按原样记录并标出问题。</translation>
    </message>
    <message>
        <source>The server's answer to {method} has arrived and waits here. Continue hands it to the inspector: it is paired with its request, checked against the schema and the rules, and the lifecycle may move.</source>
        <translation>服务器对 {method} 的应答已到达，正在此等待。按“继续”后交给检查器：与请求配对、按 Schema 和规则检查，生命周期可能随之推进。</translation>
    </message>
    <message>
        <source>stdio backward compatibility: a dual-era client probes with server/discover before any other request.</source>
        <translation>stdio 向后兼容：兼容新旧两代协议的客户端在发送任何其他请求之前，先用 server/discover 进行探测。</translation>
    </message>
</context>
<context>
    <name>SurfaceDiff</name>
    <message>
        <source>(absent)</source>
        <translation>（不存在）</translation>
    </message>
    <message>
        <source>The surfaces are the same.</source>
        <translation>两个接口面相同。</translation>
    </message>
    <message>
        <source>The surfaces differ: {added} added, {removed} removed, {changed} changed ({breaking} breaking).</source>
        <translation>接口面不同：新增 {added} 项，删除 {removed} 项，变更 {changed} 项（其中 {breaking} 项为破坏性变更）。</translation>
    </message>
    <message>
        <source>added</source>
        <translation>新增</translation>
    </message>
    <message>
        <source>breaking</source>
        <translation>破坏性</translation>
    </message>
    <message>
        <source>changed</source>
        <translation>变更</translation>
    </message>
    <message>
        <source>list</source>
        <translation>列表</translation>
    </message>
    <message>
        <source>listing {kind} failed in session {side}: not compared</source>
        <translation>会话 {side} 中列出{kind}失败：未作比较</translation>
    </message>
    <message>
        <source>note</source>
        <translation>注意</translation>
    </message>
    <message>
        <source>prompt</source>
        <translation>提示</translation>
    </message>
    <message>
        <source>prompts</source>
        <translation>提示</translation>
    </message>
    <message>
        <source>removed</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>resource</source>
        <translation>资源</translation>
    </message>
    <message>
        <source>resource template</source>
        <translation>资源模板</translation>
    </message>
    <message>
        <source>resource templates</source>
        <translation>资源模板</translation>
    </message>
    <message>
        <source>resources</source>
        <translation>资源</translation>
    </message>
    <message>
        <source>server</source>
        <translation>服务器</translation>
    </message>
    <message>
        <source>session {side} did not fetch every page of {kind}: items may be missing</source>
        <translation>会话 {side} 未获取{kind}的所有分页：可能缺少项目</translation>
    </message>
    <message>
        <source>session {side} negotiated nothing</source>
        <translation>会话 {side} 未完成协商</translation>
    </message>
    <message>
        <source>session {side}'s {kind} were announced changed after they were listed</source>
        <translation>会话 {side} 的{kind}在列出之后被通知已变更</translation>
    </message>
    <message>
        <source>the argument {argument} became required</source>
        <translation>参数 {argument} 变为必填</translation>
    </message>
    <message>
        <source>the argument {argument} was removed</source>
        <translation>参数 {argument} 被删除</translation>
    </message>
    <message>
        <source>the cache hints of {where} changed</source>
        <translation>{where}的缓存提示已变更</translation>
    </message>
    <message>
        <source>the capability {capability} changed</source>
        <translation>能力 {capability} 已变更</translation>
    </message>
    <message>
        <source>the capability {capability} was added</source>
        <translation>新增了能力 {capability}</translation>
    </message>
    <message>
        <source>the capability {capability} was removed</source>
        <translation>能力 {capability} 被删除</translation>
    </message>
    <message>
        <source>the input property {property} became required</source>
        <translation>输入属性 {property} 变为必填</translation>
    </message>
    <message>
        <source>the input property {property} was removed</source>
        <translation>输入属性 {property} 被删除</translation>
    </message>
    <message>
        <source>the output property {property} was removed</source>
        <translation>输出属性 {property} 被删除</translation>
    </message>
    <message>
        <source>the prompt was removed</source>
        <translation>该提示被删除</translation>
    </message>
    <message>
        <source>the protocol version changed era, from {old} to {new}</source>
        <translation>协议版本跨越了时代，从 {old} 变为 {new}</translation>
    </message>
    <message>
        <source>the protocol version changed from {old} to {new}</source>
        <translation>协议版本从 {old} 变为 {new}</translation>
    </message>
    <message>
        <source>the resource template was removed</source>
        <translation>该资源模板被删除</translation>
    </message>
    <message>
        <source>the resource was removed</source>
        <translation>该资源被删除</translation>
    </message>
    <message>
        <source>the server no longer supports protocol version {version}</source>
        <translation>服务器不再支持协议版本 {version}</translation>
    </message>
    <message>
        <source>the server's identity changed</source>
        <translation>服务器标识已变更</translation>
    </message>
    <message>
        <source>the server's instructions changed</source>
        <translation>服务器的说明（instructions）已变更</translation>
    </message>
    <message>
        <source>the tool was removed</source>
        <translation>该工具被删除</translation>
    </message>
    <message>
        <source>the type of {property} was narrowed from {old} to {new}</source>
        <translation>{property} 的类型从 {old} 收窄为 {new}</translation>
    </message>
    <message>
        <source>the values of {property} lost {lost}</source>
        <translation>{property} 的取值失去了 {lost}</translation>
    </message>
    <message>
        <source>the x-mcp-header of {property} changed from {old} to {new}</source>
        <translation>{property} 的 x-mcp-header 从 {old} 变为 {new}</translation>
    </message>
    <message>
        <source>tool</source>
        <translation>工具</translation>
    </message>
    <message>
        <source>tools</source>
        <translation>工具</translation>
    </message>
    <message>
        <source>{kind} were listed by session {side} only: not compared</source>
        <translation>只有会话 {side} 列出了{kind}：未作比较</translation>
    </message>
    <message>
        <source>the output property {property} is no longer required: it may be missing</source>
        <translation>输出属性 {property} 不再必有：它可能缺失</translation>
    </message>
</context>
<context>
    <name>TasksPanel</name>
    <message>
        <source> ({n} min)</source>
        <translation>（{n} 分钟）</translation>
    </message>
    <message>
        <source>isError: true — the tool ran and reported an error.</source>
        <extracomment>task status -&gt; theme colour</extracomment>
        <translation type="vanished">isError: true — 工具已运行，但报告了错误。</translation>
    </message>
    <message>
        <source>[{kind} {mime}, about {size} bytes]</source>
        <translation type="vanished">[{kind} {mime}，约 {size} 字节]</translation>
    </message>
    <message>
        <source>[resource link {uri} {name}]</source>
        <translation type="vanished">[资源链接 {uri} {name}]</translation>
    </message>
    <message>
        <source>[embedded resource {uri}]</source>
        <translation type="vanished">[嵌入资源 {uri}]</translation>
    </message>
    <message>
        <source>structuredContent:</source>
        <translation type="vanished">structuredContent：</translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation>刷新</translation>
    </message>
    <message>
        <source>tasks/list from the first page</source>
        <translation>从第一页开始发送 tasks/list</translation>
    </message>
    <message>
        <source>Load more</source>
        <translation>加载更多</translation>
    </message>
    <message>
        <source>tasks/list with the nextCursor of the last page</source>
        <translation>用上一页的 nextCursor 发送 tasks/list</translation>
    </message>
    <message>
        <source>Task</source>
        <translation>任务</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Status message</source>
        <translation>状态消息</translation>
    </message>
    <message>
        <source>Updated</source>
        <translation>更新时间</translation>
    </message>
    <message>
        <source>No tasks yet. A task starts when a request asks for one (a tools/call with a "task" field).</source>
        <translation>暂无任务。请求要求创建任务时（带有 "task" 字段的 tools/call），任务才会开始。</translation>
    </message>
    <message>
        <source>Select a task</source>
        <translation>选择一个任务</translation>
    </message>
    <message>
        <source>Task id</source>
        <translation>任务 ID</translation>
    </message>
    <message>
        <source>Created</source>
        <translation>创建时间</translation>
    </message>
    <message>
        <source>Last updated</source>
        <translation>最后更新</translation>
    </message>
    <message>
        <source>TTL</source>
        <translation>TTL</translation>
    </message>
    <message>
        <source>Poll interval</source>
        <translation>轮询间隔</translation>
    </message>
    <message>
        <source>Get status</source>
        <translation>获取状态</translation>
    </message>
    <message>
        <source>tasks/get</source>
        <translation>tasks/get</translation>
    </message>
    <message>
        <source>Get result</source>
        <translation>获取结果</translation>
    </message>
    <message>
        <source>tasks/result: the server answers when the task has finished (it waits until then)</source>
        <translation>tasks/result：服务器在任务完成后才响应（在此之前一直等待）</translation>
    </message>
    <message>
        <source>Cancel task</source>
        <translation>取消任务</translation>
    </message>
    <message>
        <source>tasks/cancel</source>
        <translation>tasks/cancel</translation>
    </message>
    <message>
        <source>Poll while running</source>
        <translation>运行时轮询</translation>
    </message>
    <message>
        <source>Send tasks/get at the task's pollInterval until it finishes (status notifications are optional)</source>
        <translation>按任务的 pollInterval 发送 tasks/get，直到任务完成（状态通知是可选的）</translation>
    </message>
    <message>
        <source>The result appears here after Get result.</source>
        <translation>点击“获取结果”后，结果将显示在这里。</translation>
    </message>
    <message>
        <source>Content</source>
        <translation>内容</translation>
    </message>
    <message>
        <source>JSON</source>
        <translation>JSON</translation>
    </message>
    <message>
        <source>Tasks</source>
        <translation>任务</translation>
    </message>
    <message>
        <source>1 task, {running} running</source>
        <translation>1 个任务，{running} 个运行中</translation>
    </message>
    <message>
        <source>{n} tasks, {running} running</source>
        <translation>{n} 个任务，{running} 个运行中</translation>
    </message>
    <message>
        <source>No tasks</source>
        <translation>无任务</translation>
    </message>
    <message>
        <source>Task {status}</source>
        <translation>任务 {status}</translation>
    </message>
    <message>
        <source>unlimited</source>
        <translation>无限制</translation>
    </message>
    <message>
        <source>not suggested</source>
        <translation>未建议</translation>
    </message>
    <message>
        <source>Waiting for tasks/result: the server answers when the task has finished.</source>
        <translation>正在等待 tasks/result：服务器将在任务完成后响应。</translation>
    </message>
    <message>
        <source>tasks/result answered with JSON-RPC error {code}: {message}</source>
        <translation>tasks/result 返回了 JSON-RPC 错误 {code}：{message}</translation>
    </message>
    <message>
        <source>Result (the tool reported an error):</source>
        <translation>结果（工具报告了错误）：</translation>
    </message>
    <message>
        <source>Result:</source>
        <translation>结果：</translation>
    </message>
    <message>
        <source>tasks/list failed: {code} {message}</source>
        <translation type="vanished">tasks/list 失败：{code} {message}</translation>
    </message>
    <message>
        <source>tasks/get failed: {code} {message}</source>
        <translation type="vanished">tasks/get 失败：{code} {message}</translation>
    </message>
    <message>
        <source>tasks/cancel failed: {code} {message}</source>
        <translation type="vanished">tasks/cancel 失败：{code} {message}</translation>
    </message>
</context>
<context>
    <name>Teaching</name>
    <message>
        <source>Each entry has a uriTemplate, a name and optional title, description, mimeType and icons. The client fills in the variables, perhaps helped by completion/complete, and reads the resulting URI with resources/read.</source>
        <translation>每一项包含 uriTemplate、name 以及可选的 title、description、mimeType 和 icons。客户端填入变量（可借助 completion/complete），然后用 resources/read 读取得到的 URI。</translation>
    </message>
    <message>
        <source>Each prompt has a name, optional title, description and icons, and the arguments it accepts with a required flag for each. In 2026-07-28 the list must not vary per connection and carries ttlMs and cacheScope.</source>
        <translation>每个提示包含 name，可选的 title、description 和 icons，以及它接受的参数（arguments），每个参数都带有 required 标志。在 2026-07-28 中，该列表不得随连接而变化，并携带 ttlMs 和 cacheScope。</translation>
    </message>
    <message>
        <source>The DiscoverResult lists supportedVersions and capabilities, may add instructions, names the server in _meta and may be cached for ttlMs within its cacheScope. The client picks one of the listed versions for its later requests.</source>
        <translation>DiscoverResult 列出 supportedVersions 和 capabilities，可以附带 instructions，在 _meta 中给出服务器身份，并且可以按 ttlMs 在其 cacheScope 范围内缓存。客户端从列出的版本中选择一个，用于后续请求。</translation>
    </message>
    <message>
        <source>The InitializeResult names the version the server chose, the server's capabilities and its identity, and may carry instructions for the model. If the client cannot use that version it disconnects; otherwise it sends notifications/initialized next.</source>
        <translation>InitializeResult 给出服务器选定的版本、服务器的能力和身份，还可以附带给模型的说明（instructions）。如果客户端无法使用该版本，就断开连接；否则接下来发送 notifications/initialized。</translation>
    </message>
    <message>
        <source>The answer has an action of accept, decline or cancel, and for an accepted form the content the user entered. In 2026-07-28 the client puts that result into inputResponses and retries the original request.</source>
        <translation>应答包含 action，取值为 accept、decline 或 cancel；对于被接受的表单，还包含用户填写的 content。在 2026-07-28 中，客户端把这个结果放进 inputResponses 并重试原始请求。</translation>
    </message>
    <message>
        <source>The answer is an empty result, after which the server stops sending notifications/resources/updated for that resource.</source>
        <translation>应答是一个空结果，此后服务器不再为该资源发送 notifications/resources/updated。</translation>
    </message>
    <message>
        <source>The answer is an empty result, and from then on the server sends notifications/message only at that level or above.</source>
        <translation>应答是一个空结果，此后服务器只发送该级别及以上的 notifications/message。</translation>
    </message>
    <message>
        <source>The answer is an empty result. From then on the server sends notifications/resources/updated whenever that resource changes, until the client sends resources/unsubscribe.</source>
        <translation>应答是一个空结果。此后每当该资源发生变化，服务器就发送 notifications/resources/updated，直到客户端发送 resources/unsubscribe 为止。</translation>
    </message>
    <message>
        <source>The client answers with a roots list of uri and optional name, or with error -32601 when it does not support roots. In 2026-07-28 that result goes into inputResponses when the client retries its original request.</source>
        <translation>客户端回复一个 roots 列表，每项包含 uri 和可选的 name；如果不支持 roots，则返回错误 -32601。在 2026-07-28 中，客户端重试原始请求时把这个结果放进 inputResponses。</translation>
    </message>
    <message>
        <source>The client, ideally after a person has reviewed the request, returns the generated message with role, content, the model name and a stopReason. A refusal by the user is reported as error -1; in 2026-07-28 the result goes back in inputResponses on a retry of the original request.</source>
        <translation>客户端最好先让人审阅该请求，然后返回生成的消息，包括 role、content、模型名称（model）和 stopReason。用户拒绝时报告错误 -1；在 2026-07-28 中，结果在重试原始请求时放在 inputResponses 中返回。</translation>
    </message>
    <message>
        <source>The receiver holds the answer back until the task reaches a terminal status, then returns exactly what the original request would have returned, for instance a CallToolResult for tools/call, or its JSON-RPC error. The result's _meta names the task under io.modelcontextprotocol/related-task.</source>
        <translation>接收方会一直等到任务进入终止状态才作答，然后原样返回原始请求本应返回的内容，例如针对 tools/call 的 CallToolResult，或者相应的 JSON-RPC 错误。结果的 _meta 在 io.modelcontextprotocol/related-task 下注明所属任务。</translation>
    </message>
    <message>
        <source>The receiver moves the task to cancelled before replying and returns the Task in that state, while a task that is already completed, failed or cancelled is refused with error -32602. The task may be deleted at any time afterwards, so the requestor should collect what it needs first.</source>
        <translation>接收方在回复之前把任务置为 cancelled，并返回处于该状态的 Task；而对于已经处于 completed、failed 或 cancelled 状态的任务，则以错误 -32602 拒绝。此后任务随时可能被删除，因此请求方应事先取走所需的信息。</translation>
    </message>
    <message>
        <source>The receiver must reply promptly with an empty result. A sender that gets no reply in time may treat the connection as stale, close it or reconnect.</source>
        <translation>接收方必须及时回复一个空结果。如果发送方在规定时间内没有收到回复，可以认为连接已失效，将其关闭或重新连接。</translation>
    </message>
    <message>
        <source>The result carries content blocks, optionally structuredContent, and isError true when the tool itself failed, while an unknown tool or a malformed request yields a JSON-RPC error instead. A task-augmented call first returns a CreateTaskResult; in 2026-07-28 the server may instead answer with an InputRequiredResult, and the client retries tools/call with a new id, inputResponses and the echoed requestState.</source>
        <translation>结果包含若干 content 块，可选的 structuredContent，以及在工具本身执行失败时为 true 的 isError；而未知工具或格式错误的请求则会得到 JSON-RPC 错误。以任务方式发起的调用会先返回 CreateTaskResult；在 2026-07-28 中，服务器也可以改为返回 InputRequiredResult，客户端随后用新的 id、inputResponses 和原样回传的 requestState 重试 tools/call。</translation>
    </message>
    <message>
        <source>The result holds a contents array whose entries carry either text or base64 blob data, and one read may return several entries. A missing resource is reported as error -32002 in the legacy era and -32602 in 2026-07-28, where the server may also reply with an InputRequiredResult that the client answers by retrying.</source>
        <translation>结果包含一个 contents 数组，其中每一项携带 text 或 base64 编码的 blob 数据，一次读取可能返回多项。资源不存在时，传统时代报告错误 -32002，2026-07-28 则报告 -32602；在 2026-07-28 中，服务器还可以回复 InputRequiredResult，由客户端通过重试来应答。</translation>
    </message>
    <message>
        <source>The result holds a tasks array of Task objects and a nextCursor when more remain. Any task the requestor could fetch with tasks/get must also appear in the list.</source>
        <translation>结果包含一个由 Task 对象组成的 tasks 数组，如果还有更多，则附带 nextCursor。请求方能用 tasks/get 获取的任何任务，也必须出现在该列表中。</translation>
    </message>
    <message>
        <source>The result holds an optional description and a list of messages, each with the role user or assistant and one content block, ready to hand to the model. An unknown name or a missing required argument yields error -32602; in 2026-07-28 the server may instead return an InputRequiredResult, and the client retries with inputResponses.</source>
        <translation>结果包含可选的 description 和一组 messages，每条消息的 role 为 user 或 assistant，并带有一个内容块，可以直接交给模型使用。名称未知或缺少必填参数时返回错误 -32602；在 2026-07-28 中，服务器也可以改为返回 InputRequiredResult，客户端随后带着 inputResponses 重试。</translation>
    </message>
    <message>
        <source>The result holds completion.values, at most 100 suggestions ordered by relevance, with an optional total and a hasMore flag. The client shows them and asks again as the user keeps typing.</source>
        <translation>结果包含 completion.values，即最多 100 条按相关性排序的建议，以及可选的 total 和 hasMore 标志。客户端展示这些建议，并随着用户继续输入再次请求。</translation>
    </message>
    <message>
        <source>The result is the Task with its status (working, input_required, completed, failed or cancelled), an optional statusMessage, createdAt, lastUpdatedAt, ttl and a suggested pollInterval. The requestor keeps polling until a terminal status or input_required and then fetches the outcome with tasks/result.</source>
        <translation>结果是 Task，包括其 status（working、input_required、completed、failed 或 cancelled）、可选的 statusMessage、createdAt、lastUpdatedAt、ttl 以及建议的 pollInterval。请求方持续轮询，直到出现终止状态或 input_required，然后用 tasks/result 获取结果。</translation>
    </message>
    <message>
        <source>The result lists each tool with its name, description and inputSchema, optionally with title, icons, annotations and outputSchema, plus nextCursor when more pages follow. In 2026-07-28 the list must not depend on the connection and carries ttlMs and cacheScope so that the client may cache it.</source>
        <translation>结果列出每个工具的 name、description 和 inputSchema，可选地包括 title、icons、annotations 和 outputSchema；如果还有更多页，则附带 nextCursor。在 2026-07-28 中，该列表不得随连接而变化，并携带 ttlMs 和 cacheScope，以便客户端缓存。</translation>
    </message>
    <message>
        <source>The result lists resources with uri, name and optional title, description, mimeType and icons, plus nextCursor when more pages follow. The client then reads any of them with resources/read; in 2026-07-28 the result also carries ttlMs and cacheScope for caching.</source>
        <translation>结果列出各个资源的 uri、name 以及可选的 title、description、mimeType 和 icons；如果还有更多页，则附带 nextCursor。客户端随后可以用 resources/read 读取其中任意一个；在 2026-07-28 中，结果还携带用于缓存的 ttlMs 和 cacheScope。</translation>
    </message>
    <message>
        <source>The server first sends notifications/subscriptions/acknowledged and then every matching notification, each tagged in _meta with the request id as io.modelcontextprotocol/subscriptionId. A result only arrives when the server ends the stream gracefully; the client ends it by closing the stream on HTTP or with notifications/cancelled on stdio.</source>
        <translation>服务器先发送 notifications/subscriptions/acknowledged，然后发送每一条匹配的通知，每条通知都在 _meta 中以 io.modelcontextprotocol/subscriptionId 标注该请求的 id。只有当服务器正常结束流时才会返回结果；客户端在 HTTP 上通过关闭流来结束订阅，在 stdio 上则通过 notifications/cancelled 结束。</translation>
    </message>
    <message>
        <source>completion/complete asks the server for suggestions for one argument while the user types, either for a prompt given by ref/prompt and its name or for a resource template given by ref/resource and its URI. It carries the argument's name and the partial value, and since 2025-06-18 a context with the arguments already chosen. The server must have declared the completions capability, which exists since 2025-03-26.</source>
        <translation>completion/complete 在用户输入时向服务器请求某个参数的补全建议，对象可以是用 ref/prompt 加名称指定的提示，也可以是用 ref/resource 加 URI 指定的资源模板。它携带参数的名称和当前已输入的部分值，自 2025-06-18 起还可附带 context，列出已选定的参数。服务器必须声明 completions 能力，该能力自 2025-03-26 起才有。</translation>
    </message>
    <message>
        <source>elicitation/create is the server asking the client to collect information from the user, introduced in 2025-06-18 with a message and a flat requestedSchema for a form. Since 2025-11-25 it may use url mode instead, which sends the user to a web page for sensitive input that must not pass through the client. The client must have declared the elicitation capability for the mode used, and in 2026-07-28 the request travels only inside an InputRequiredResult.</source>
        <translation>elicitation/create 是服务器请求客户端向用户收集信息，在 2025-06-18 中引入，带有一条 message 和用于表单的扁平 requestedSchema。自 2025-11-25 起，它也可以改用 url 模式，把用户引导到一个网页上输入不得经过客户端的敏感信息。客户端必须为所用模式声明了 elicitation 能力；在 2026-07-28 中，该请求只能在 InputRequiredResult 中传递。</translation>
    </message>
    <message>
        <source>initialize opens a legacy session and must be the first request the client sends. It names the newest protocol version the client speaks and carries the client's capabilities and its name and version. The 2026-07-28 era has no initialize: every request carries its protocol version and client capabilities, and usually the client's identity, in _meta instead.</source>
        <translation>initialize 用于开启一个传统时代（legacy）的会话，并且必须是客户端发出的第一个请求。它给出客户端支持的最新协议版本，并附带客户端的能力声明（capabilities）以及客户端的名称和版本。2026-07-28 时代不再有 initialize：每个请求都在 _meta 中携带自己的协议版本和客户端能力，通常还带上客户端的身份信息。</translation>
    </message>
    <message>
        <source>logging/setLevel tells the server the lowest severity of log message the client wants, one of the eight syslog levels from debug to emergency. The client may send it when the server declared the logging capability. It exists only in the legacy era; in 2026-07-28 the client puts io.modelcontextprotocol/logLevel into the _meta of each request instead.</source>
        <translation>logging/setLevel 告诉服务器客户端希望接收的日志消息的最低严重级别，取值为从 debug 到 emergency 的八个 syslog 级别之一。当服务器声明了 logging 能力时，客户端可以发送它。它只存在于传统时代；在 2026-07-28 中，客户端改为在每个请求的 _meta 中放入 io.modelcontextprotocol/logLevel。</translation>
    </message>
    <message>
        <source>notifications/cancelled tells the other side to stop work on an earlier request, named by requestId, with an optional reason. In the legacy era either side may send it for a request it issued itself, never for initialize, and tasks are cancelled with tasks/cancel instead. In 2026-07-28 only clients on stdio send it, since on HTTP closing the response stream is the cancellation, and a server sends it only to end a subscriptions/listen stream. The receiver should stop without answering, may ignore an unknown or finished request, and the sender ignores any late response.</source>
        <translation>notifications/cancelled 通知对方停止处理之前的某个请求，该请求由 requestId 指定，并可附带原因（reason）。在传统时代，任何一方都可以对自己发出的请求发送它，但不能用于 initialize，而任务要改用 tasks/cancel 取消。在 2026-07-28 中，只有 stdio 上的客户端发送它，因为在 HTTP 上关闭响应流本身就是取消；服务器只在结束 subscriptions/listen 流时发送它。接收方应停止处理且不再应答，对未知或已完成的请求可以忽略该通知，发送方则忽略之后迟到的任何响应。</translation>
    </message>
    <message>
        <source>notifications/elicitation/complete tells the client that an out-of-band interaction started by a url mode elicitation/create has finished, naming its elicitationId. Only the server sends it, only to the client that received the elicitation, and it exists only in 2025-11-25. The client ignores unknown ids and may use the notification to retry a request that had failed with error -32042.</source>
        <translation>notifications/elicitation/complete 告诉客户端，由 url 模式的 elicitation/create 发起的带外交互已经完成，并给出其 elicitationId。只有服务器发送它，只发给收到该 elicitation 的客户端，而且它只存在于 2025-11-25。客户端会忽略未知的 id，并可以借此重试之前因错误 -32042 而失败的请求。</translation>
    </message>
    <message>
        <source>notifications/initialized is the client's signal that it accepted the InitializeResult and that normal work may begin. Until it arrives the server should send nothing but pings and log messages. It exists only in the legacy era, since 2026-07-28 has no handshake to finish.</source>
        <translation>notifications/initialized 是客户端发出的信号，表示它已接受 InitializeResult，可以开始正常工作。在收到它之前，服务器除了 ping 和日志消息之外不应发送任何内容。它只存在于传统时代，因为 2026-07-28 没有需要完成的握手。</translation>
    </message>
    <message>
        <source>notifications/message carries one log entry from the server: a severity level, an optional logger name and any JSON data. Only servers that declared the logging capability send it, and it must not contain secrets or personal data. In 2026-07-28 logging is deprecated, and the server sends it only on the response stream of a request whose _meta set io.modelcontextprotocol/logLevel, never on a subscriptions/listen stream.</source>
        <translation>notifications/message 承载服务器的一条日志记录：严重级别（level）、可选的日志器名称（logger）以及任意 JSON 数据（data）。只有声明了 logging 能力的服务器才会发送它，其中不得包含密钥凭据或个人信息。在 2026-07-28 中，日志功能已被弃用，服务器只会在 _meta 中设置了 io.modelcontextprotocol/logLevel 的请求的响应流上发送它，绝不会在 subscriptions/listen 流上发送。</translation>
    </message>
    <message>
        <source>notifications/progress reports how far a long-running request has come, quoting the progressToken the requester put in the _meta of that request. It carries a progress value that must grow every time, an optional total and, since 2025-03-26, an optional message. In the legacy era either side may send it for a request it received; in 2026-07-28 only the server sends it, on the response stream of the client's request.</source>
        <translation>notifications/progress 报告一个长时间运行的请求的进展，引用请求方放在该请求 _meta 中的 progressToken。它携带一个每次都必须递增的 progress 值、可选的 total，以及自 2025-03-26 起可选的 message。在传统时代，任何一方都可以为自己收到的请求发送它；在 2026-07-28 中，只有服务器发送它，并且在客户端请求的响应流上发送。</translation>
    </message>
    <message>
        <source>notifications/prompts/list_changed tells the client that the set of prompts has changed. Only a server that declared prompts.listChanged sends it, and the client then calls prompts/list again. In 2026-07-28 it arrives only on a subscriptions/listen stream whose filter set promptsListChanged.</source>
        <translation>notifications/prompts/list_changed 告诉客户端提示集合已经变化。只有声明了 prompts.listChanged 的服务器才会发送它，客户端随后会再次调用 prompts/list。在 2026-07-28 中，它只会出现在过滤条件设置了 promptsListChanged 的 subscriptions/listen 流上。</translation>
    </message>
    <message>
        <source>notifications/resources/list_changed tells the client that the set of available resources has changed. Only a server that declared resources.listChanged sends it, and the client then calls resources/list again. In 2026-07-28 it arrives only on a subscriptions/listen stream whose filter set resourcesListChanged.</source>
        <translation>notifications/resources/list_changed 告诉客户端可用资源的集合已经变化。只有声明了 resources.listChanged 的服务器才会发送它，客户端随后会再次调用 resources/list。在 2026-07-28 中，它只会出现在过滤条件设置了 resourcesListChanged 的 subscriptions/listen 流上。</translation>
    </message>
    <message>
        <source>notifications/resources/updated tells the client that the contents of one resource it watches have changed, giving its uri. In the legacy era the server sends it after a resources/subscribe for that uri; in 2026-07-28 it arrives on a subscriptions/listen stream that listed the uri in resourceSubscriptions. The client usually fetches the new contents with resources/read.</source>
        <translation>notifications/resources/updated 告诉客户端，它所关注的某个资源的内容已经变化，并给出该资源的 uri。在传统时代，服务器在客户端对该 uri 执行 resources/subscribe 之后发送它；在 2026-07-28 中，它出现在 resourceSubscriptions 中列出了该 uri 的 subscriptions/listen 流上。客户端通常会用 resources/read 获取新内容。</translation>
    </message>
    <message>
        <source>notifications/roots/list_changed is the client telling the server that its list of roots has changed. A client that declared roots.listChanged must send it on every change, and the server usually follows up with roots/list. It exists only in the legacy era.</source>
        <translation>notifications/roots/list_changed 是客户端告诉服务器其 roots 列表已经变化。声明了 roots.listChanged 的客户端在每次变化时都必须发送它，服务器通常随后调用 roots/list。它只存在于传统时代。</translation>
    </message>
    <message>
        <source>notifications/subscriptions/acknowledged is the first message a 2026-07-28 server sends for a new subscriptions/listen stream, and no other notification of that subscription may come before it. Its notifications field repeats the part of the requested filter the server will honour, leaving out kinds it does not support. Its _meta carries the subscription id, which equals the JSON-RPC id of the subscriptions/listen request. The client should compare the acknowledged filter with what it asked for.</source>
        <translation>notifications/subscriptions/acknowledged 是 2026-07-28 的服务器为新的 subscriptions/listen 流发送的第一条消息，该订阅的其他任何通知都不得早于它。它的 notifications 字段重复了服务器将会兑现的那部分过滤条件，不支持的类型会被省略。它的 _meta 携带订阅 id，该 id 等于 subscriptions/listen 请求的 JSON-RPC id。客户端应将确认的过滤条件与自己请求的内容进行比对。</translation>
    </message>
    <message>
        <source>notifications/tasks/status lets the receiver of a task push the task's new state to the requestor, as the full Task object with status and statusMessage. Either side may send it in 2025-11-25, but it is optional, so the requestor must keep polling with tasks/get rather than rely on it.</source>
        <translation>notifications/tasks/status 让任务的接收方把任务的新状态推送给请求方，内容是包含 status 和 statusMessage 的完整 Task 对象。在 2025-11-25 中任何一方都可以发送它，但它是可选的，因此请求方必须继续用 tasks/get 轮询，而不能依赖它。</translation>
    </message>
    <message>
        <source>notifications/tools/list_changed tells the client that the set of tools has changed, without saying how. Only a server that declared tools.listChanged sends it, and the client then calls tools/list again. In 2026-07-28 it arrives only on a subscriptions/listen stream whose filter set toolsListChanged.</source>
        <translation>notifications/tools/list_changed 告诉客户端工具集合已经变化，但不说明变化的内容。只有声明了 tools.listChanged 的服务器才会发送它，客户端随后会再次调用 tools/list。在 2026-07-28 中，它只会出现在过滤条件设置了 toolsListChanged 的 subscriptions/listen 流上。</translation>
    </message>
    <message>
        <source>ping asks the other side to show that the connection is still alive and takes no parameters. Either the client or the server may send it at any time in a legacy session, even while initialization is still under way. The 2026-07-28 era dropped ping altogether.</source>
        <translation>ping 请求对方证明连接仍然有效，不带任何参数。在传统时代的会话中，客户端和服务器都可以随时发送它，甚至在初始化尚未完成时也可以。2026-07-28 时代完全取消了 ping。</translation>
    </message>
    <message>
        <source>prompts/get asks the server to fill in one prompt template, given its name and a map of string arguments. The user usually picks the prompt, and the client may help with the arguments through completion/complete.</source>
        <translation>prompts/get 请求服务器填充一个提示模板，给出模板的 name 和一个字符串参数映射（arguments）。通常由用户选择提示，客户端可以通过 completion/complete 帮助填写参数。</translation>
    </message>
    <message>
        <source>prompts/list asks the server for the prompt templates it offers, paged through an optional cursor. It needs the prompts capability and, in the legacy era, a finished handshake.</source>
        <translation>prompts/list 向服务器查询它提供的提示模板，通过可选的 cursor 分页。它需要 prompts 能力，在传统时代还需要已完成握手。</translation>
    </message>
    <message>
        <source>resources/list asks the server which resources it exposes, one page at a time through an optional cursor. It needs the resources capability and, in the legacy era, a finished handshake.</source>
        <translation>resources/list 向服务器查询它公开了哪些资源，通过可选的 cursor 一次获取一页。它需要 resources 能力，在传统时代还需要已完成握手。</translation>
    </message>
    <message>
        <source>resources/read asks the server for the contents of one resource, named by its uri. The uri may come from resources/list, from a filled-in resource template or from a resource link in a tool result.</source>
        <translation>resources/read 向服务器请求某个资源的内容，资源由其 uri 指定。该 uri 可以来自 resources/list、填好参数的资源模板，或工具结果中的资源链接。</translation>
    </message>
    <message>
        <source>resources/subscribe asks the server to report changes to one resource, named by its uri. The client may only send it when the server declared resources.subscribe, and it exists only in the legacy era; 2026-07-28 uses subscriptions/listen with resourceSubscriptions instead.</source>
        <translation>resources/subscribe 请求服务器报告某个资源的变化，资源由其 uri 指定。只有当服务器声明了 resources.subscribe 时客户端才能发送它，而且它只存在于传统时代；2026-07-28 改用带有 resourceSubscriptions 的 subscriptions/listen。</translation>
    </message>
    <message>
        <source>resources/templates/list asks the server for its resource templates, which are parameterized URIs in RFC 6570 form. It pages like the other list requests and needs the resources capability.</source>
        <translation>resources/templates/list 向服务器查询它的资源模板，即 RFC 6570 形式的参数化 URI。它和其他列表请求一样分页，并需要 resources 能力。</translation>
    </message>
    <message>
        <source>resources/unsubscribe withdraws an earlier resources/subscribe for the same uri. It belongs to the legacy era only, where it needs the resources.subscribe capability; in 2026-07-28 the client ends its subscriptions/listen stream instead.</source>
        <translation>resources/unsubscribe 撤销之前针对同一 uri 的 resources/subscribe。它只属于传统时代，需要 resources.subscribe 能力；在 2026-07-28 中，客户端改为结束其 subscriptions/listen 流。</translation>
    </message>
    <message>
        <source>roots/list is the server asking the client which directories and files the user considers relevant, given as file:// URIs. In the legacy era the server sends it as an ordinary request, and only to clients that declared the roots capability. In 2026-07-28 it travels only as an entry of inputRequests inside an InputRequiredResult, and the roots feature is deprecated.</source>
        <translation>roots/list 是服务器向客户端询问用户认为相关的目录和文件，以 file:// URI 的形式给出。在传统时代，服务器把它作为普通请求发送，而且只发给声明了 roots 能力的客户端。在 2026-07-28 中，它只能作为 InputRequiredResult 中 inputRequests 的一项传递，并且 roots 功能已被弃用。</translation>
    </message>
    <message>
        <source>sampling/createMessage is the server asking the client to run its language model on a list of messages, with maxTokens and an optional systemPrompt and model preferences. The client must have declared the sampling capability, and since 2025-11-25 a request that offers tools also needs sampling.tools. In 2026-07-28 it travels only inside an InputRequiredResult, and the sampling feature is deprecated.</source>
        <translation>sampling/createMessage 是服务器请求客户端用其语言模型处理一组消息，并给出 maxTokens，以及可选的 systemPrompt 和模型偏好。客户端必须声明了 sampling 能力；自 2025-11-25 起，附带 tools 的请求还要求客户端声明 sampling.tools。在 2026-07-28 中，它只能在 InputRequiredResult 中传递，并且 sampling 功能已被弃用。</translation>
    </message>
    <message>
        <source>server/discover asks a 2026-07-28 server which protocol versions it supports, what it can do and who it is; every modern server must implement it. Its params hold nothing but the usual _meta with protocol version, client capabilities and client info. A client may call it before anything else, and a client that speaks both eras should send it first on stdio as a probe before falling back to initialize.</source>
        <translation>server/discover 向 2026-07-28 的服务器询问它支持哪些协议版本、能做什么以及它是谁；每个新时代（modern）的服务器都必须实现它。它的 params 中只有常规的 _meta，包含协议版本、客户端能力和客户端信息。客户端可以在发送其他任何请求之前调用它；同时支持两个时代的客户端在 stdio 上应首先发送它作为探测，失败后再回退到 initialize。</translation>
    </message>
    <message>
        <source>subscriptions/listen opens a long-lived stream on which a 2026-07-28 server delivers change notifications, replacing resources/subscribe and the HTTP GET stream of the legacy era. Its notifications filter names the kinds the client wants: toolsListChanged, promptsListChanged, resourcesListChanged and resourceSubscriptions with a list of URIs. The server must not send any kind the client did not ask for.</source>
        <translation>subscriptions/listen 打开一个长期存在的流，2026-07-28 的服务器通过它推送变更通知；它取代了传统时代的 resources/subscribe 和 HTTP GET 流。它的 notifications 过滤器列出客户端想要的通知类型：toolsListChanged、promptsListChanged、resourcesListChanged，以及带有 URI 列表的 resourceSubscriptions。服务器不得发送客户端没有请求的任何类型。</translation>
    </message>
    <message>
        <source>tasks/cancel asks the receiver to stop a task, named by taskId, and replaces notifications/cancelled for task-augmented requests. It exists only in 2025-11-25 and only when the receiver declared tasks.cancel.</source>
        <translation>tasks/cancel 请求接收方停止某个任务，任务由 taskId 指定；对于以任务方式执行的请求，它取代 notifications/cancelled。它只存在于 2025-11-25，而且只有接收方声明了 tasks.cancel 时才可用。</translation>
    </message>
    <message>
        <source>tasks/get asks the receiver of a task-augmented request for the current state of that task, named by taskId. Either side may send it, since clients and servers can both run tasks, and it exists only in 2025-11-25; 2026-07-28 moved tasks into an extension.</source>
        <translation>tasks/get 向以任务方式执行请求的接收方查询该任务的当前状态，任务由 taskId 指定。由于客户端和服务器都可以运行任务，任何一方都可以发送它；它只存在于 2025-11-25，2026-07-28 已将任务移入一个扩展。</translation>
    </message>
    <message>
        <source>tasks/list asks the receiver for the tasks it holds for this requestor, paged through an optional cursor. It exists only in 2025-11-25 and only when the receiver declared tasks.list.</source>
        <translation>tasks/list 向接收方查询它为该请求方保存的任务，通过可选的 cursor 分页。它只存在于 2025-11-25，而且只有接收方声明了 tasks.list 时才可用。</translation>
    </message>
    <message>
        <source>tasks/result asks the receiver for the final outcome of a task, named by taskId. Either side may send it in 2025-11-25, and the requestor should call it as soon as a task reports input_required.</source>
        <translation>tasks/result 向接收方请求某个任务的最终结果，任务由 taskId 指定。在 2025-11-25 中任何一方都可以发送它，一旦任务报告 input_required，请求方就应立即调用它。</translation>
    </message>
    <message>
        <source>tools/call asks the server to run one tool, given its name and arguments that should match the tool's inputSchema. The client may only call tools the server offers, and in the legacy era only after initialization. In 2025-11-25 the client may add a task field to run the call as a task when the server and the tool allow it.</source>
        <translation>tools/call 请求服务器运行一个工具，给出工具的 name 以及应符合该工具 inputSchema 的 arguments。客户端只能调用服务器提供的工具，在传统时代还必须在初始化之后。在 2025-11-25 中，如果服务器和该工具都允许，客户端可以添加 task 字段，以任务方式运行这次调用。</translation>
    </message>
    <message>
        <source>tools/list asks the server for the tools it offers, one page at a time through an optional cursor. The client sends it once the server has declared the tools capability, after the handshake in the legacy era or at any time in 2026-07-28.</source>
        <translation>tools/list 向服务器查询它提供的工具，通过可选的 cursor 一次获取一页。客户端在服务器声明了 tools 能力之后发送它：在传统时代需在握手之后，在 2026-07-28 中则随时可以。</translation>
    </message>
    <message>
        <source>A DiscoverResult moves the session to Ready with one of the supportedVersions, while a -32022 UnsupportedProtocolVersion error keeps it here for a retry with a version from data.supported. In auto mode any other error, a success that is not a DiscoverResult, an HTTP 4xx without a modern error body or silence until the short timeout marks a legacy server and falls back to Uninitialized, while in modern mode those outcomes, or no common version, lead to Shutting down.</source>
        <translation>收到 DiscoverResult 后，会话以 supportedVersions 中的某个版本进入 Ready（就绪）；收到 -32022 UnsupportedProtocolVersion 错误时则停留在这里，改用 data.supported 中的版本重试。在 auto 模式下，其他任何错误、不是 DiscoverResult 的成功答复、不带新时代错误正文的 HTTP 4xx，或者直到短超时都没有回应，都表明对方是旧时代服务器，会话回退到 Uninitialized；而在 modern 模式下，这些结果以及没有共同版本的情况都会导致进入 Shutting down。</translation>
    </message>
    <message>
        <source>A client that forgets the notification or calls tools/list first is flagged (lifecycle.client-request-before-initialized), and some servers then ignore or reject its requests. A server that jumps ahead with roots/list, sampling/createMessage or elicitation/create is flagged too (lifecycle.request-before-initialized). Over HTTP the POST carrying the notification should get 202 Accepted with an empty body (http.accepted-with-body).</source>
        <translation>客户端忘了发送这条通知，或者先调用了 tools/list，会被标记（lifecycle.client-request-before-initialized），有些服务器随后会忽略或拒绝它的请求。服务器抢先发送 roots/list、sampling/createMessage 或 elicitation/create 同样会被标记（lifecycle.request-before-initialized）。在 HTTP 上，承载这条通知的 POST 应得到不带正文的 202 Accepted(http.accepted-with-body)。</translation>
    </message>
    <message>
        <source>A request whose _meta lacks a required field is malformed, and the server must reject it with -32602, with 400 Bad Request on HTTP. A command that does not start or a URL that does not answer ends the session in Failed, and a server that dies before answering anything is flagged (lifecycle.exited-during-initialize). On stdio, banners or debug output on stdout are flagged as well (stdio.not-json).</source>
        <translation>_meta 缺少必填字段的请求属于格式错误，服务器必须以 -32602 拒绝，在 HTTP 上还要配合 400 Bad Request。命令无法启动或 URL 没有响应会让会话以 Failed 告终，服务器在作出任何答复之前就退出会被标记（lifecycle.exited-during-initialize）。在 stdio 上，输出到 stdout 的启动横幅或调试信息同样会被标记（stdio.not-json）。</translation>
    </message>
    <message>
        <source>A server that keeps running after its stdin closed, often because a background thread keeps the process alive, forces a SIGTERM (lifecycle.ignored-stdin-close), and one that traps or ignores SIGTERM forces a SIGKILL (lifecycle.ignored-sigterm). The session also arrives here by failure edges from the start, such as an error to initialize, an unsupported version, an HTTP error status to initialize, no common version or no answer in time, and the highlighted edge names which one.</source>
        <translation>服务器在 stdin 关闭后仍继续运行（常见原因是某个后台线程让进程一直存活），会迫使客户端发送 SIGTERM(lifecycle.ignored-stdin-close)；捕获或忽略 SIGTERM 的服务器则会迫使客户端发送 SIGKILL(lifecycle.ignored-sigterm)。会话也可能从启动阶段经失败边来到这里，例如 initialize 返回错误、版本不受支持、initialize 收到 HTTP 错误状态、没有共同版本或超时未答复，高亮的那条边会指明是哪一种。</translation>
    </message>
    <message>
        <source>A server that writes a JSON-RPC request such as sampling/createMessage instead of using InputRequiredResult is flagged (stdio.server-request-modern, http.server-request-modern), and so is an InputRequiredResult on any other method (modern.input-required-not-allowed). Log messages that no request asked for are flagged (modern.log-not-requested), and on HTTP the errors -32020 HeaderMismatch, -32021 MissingRequiredClientCapability and -32022 UnsupportedProtocolVersion must come with 400 Bad Request (http.error-status-mismatch). A -32021 lists the missing capabilities in data.requiredCapabilities, so the client retries with them declared or gives up if it lacks them.</source>
        <translation>服务器写出 sampling/createMessage 之类的 JSON-RPC 请求而不是使用 InputRequiredResult，会被标记（stdio.server-request-modern, http.server-request-modern）；在其他方法上返回 InputRequiredResult 同样会被标记（modern.input-required-not-allowed）。没有任何请求要求的日志消息会被标记（modern.log-not-requested）；在 HTTP 上，-32020 HeaderMismatch、-32021 MissingRequiredClientCapability 和 -32022 UnsupportedProtocolVersion 这几个错误必须配合 400 Bad Request(http.error-status-mismatch)。-32021 会在 data.requiredCapabilities 中列出缺少的能力，客户端要么声明这些能力后重试，要么在不具备时放弃。</translation>
    </message>
    <message>
        <source>A wrong command, a missing interpreter or a bad working directory means the server could not start, and over HTTP a wrong URL or a server that is down means it could not be reached. A crash during the handshake or the probe is flagged (lifecycle.exited-during-initialize), while a crash in mid-session usually leaves a traceback on stderr and may cut the last line short (stdio.partial-line).</source>
        <translation>命令写错、缺少解释器或工作目录不对，都会导致服务器无法启动；在 HTTP 上，URL 写错或服务器宕机则意味着无法连接。握手或探测期间崩溃会被标记（lifecycle.exited-during-initialize），而会话中途崩溃通常会在 stderr 留下回溯信息，并可能使最后一行被截断（stdio.partial-line）。</translation>
    </message>
    <message>
        <source>An InitializeResult with a version the client supports moves the session to Initialized. An error, a version the client cannot use, a timeout or, on HTTP, a 4xx without a JSON-RPC answer sends it to Shutting down, although in HTTP auto mode a 4xx first retries on the older HTTP+SSE transport.</source>
        <translation>收到一个客户端支持其版本的 InitializeResult 后，会话进入 Initialized（已初始化）。出错、版本客户端无法使用、超时，或者在 HTTP 上收到不带 JSON-RPC 答复的 4xx，都会让会话进入 Shutting down（关闭中）；不过在 HTTP auto 模式下，遇到 4xx 会先改用较早的 HTTP+SSE 传输重试。</translation>
    </message>
    <message>
        <source>An exit by SIGTERM or SIGKILL means the server ignored its closed stdin (lifecycle.ignored-stdin-close) or even SIGTERM (lifecycle.ignored-sigterm), and a non-zero exit code often points to an error in its shutdown code that stderr explains. Requests still pending when the server went away never get an answer, and a last line cut off without its newline is flagged (stdio.partial-line).</source>
        <translation>以 SIGTERM 或 SIGKILL 结束，说明服务器忽略了已关闭的 stdin(lifecycle.ignored-stdin-close)，甚至忽略了 SIGTERM(lifecycle.ignored-sigterm)；非零退出码往往表明其关闭代码出了错，stderr 通常会给出解释。服务器离开时仍在等待的请求永远得不到答复，最后一行缺少换行符而被截断的情况会被标记（stdio.partial-line）。</translation>
    </message>
    <message>
        <source>Both sides may send requests and notifications, but only methods of the negotiated version and only features whose capabilities were declared, so notifications/tools/list_changed needs tools.listChanged and sampling/createMessage needs a client that declared sampling. Either side may ping at any time and may cancel its own requests with notifications/cancelled, except task-augmented requests, which are stopped with tasks/cancel.</source>
        <translation>双方都可以发送请求和通知，但只能使用协商版本中的方法，并且只能使用已声明能力的功能：notifications/tools/list_changed 需要 tools.listChanged,sampling/createMessage 需要客户端声明了 sampling。任何一方都可以随时 ping，也可以用 notifications/cancelled 取消自己发出的请求，但任务增强请求要用 tasks/cancel 来终止。</translation>
    </message>
    <message>
        <source>Every request stands alone with its own _meta, and on HTTP with matching MCP-Protocol-Version and Mcp-Method headers. The server answers requests, sends notifications/progress and notifications/message only for an in-flight request that asked for them with progressToken or io.modelcontextprotocol/logLevel, and sends change notifications only on a subscriptions/listen stream. It never sends a request of its own: to get roots, sampling or elicitation it answers tools/call, prompts/get or resources/read with an InputRequiredResult.</source>
        <translation>每个请求都独立成立，带着自己的 _meta，在 HTTP 上还带着与之相符的 MCP-Protocol-Version 和 Mcp-Method 头。服务器答复请求；只为通过 progressToken 或 io.modelcontextprotocol/logLevel 提出要求的进行中请求发送 notifications/progress 和 notifications/message；变更通知只在 subscriptions/listen 流上发送。服务器从不发出自己的请求：需要 roots、sampling 或 elicitation 时，它以 InputRequiredResult 答复 tools/call、prompts/get 或 resources/read。</translation>
    </message>
    <message>
        <source>Most legacy servers answer the probe with -32601 Method not found, which is expected and simply triggers the fallback, and the fallback must never depend on that one code. A DiscoverResult without a usable supportedVersions list is flagged (modern.discover-malformed), a success of another shape is flagged and treated as legacy (modern.discover-not-discover-result), and on HTTP a -32022 that does not come with 400 Bad Request is flagged too (http.error-status-mismatch). A silent server costs the probe timeout (lifecycle.no-answer), and when client and server share no version the client can only give up and tell the user.</source>
        <translation>大多数旧时代服务器会以 -32601 Method not found 答复探测，这是预期之内的，只会触发回退，而且回退绝不能只依赖这一个错误码。DiscoverResult 中没有可用的 supportedVersions 列表会被标记（modern.discover-malformed），其他形状的成功答复会被标记并按旧时代处理（modern.discover-not-discover-result），在 HTTP 上未配合 400 Bad Request 的 -32022 也会被标记（http.error-status-mismatch）。服务器沉默会耗掉整个探测超时（lifecycle.no-answer）；如果客户端和服务器没有共同版本，客户端只能放弃并告知用户。</translation>
    </message>
    <message>
        <source>Nothing can be sent any more, because the server process or the connection is gone. What is left to show is the evidence: the last messages, the stderr output and the exit code or signal.</source>
        <translation>已经无法再发送任何消息，因为服务器进程或连接已经不在了。剩下能展示的是证据：最后几条消息、stderr 输出以及退出码或信号。</translation>
    </message>
    <message>
        <source>Nothing more can be sent in either direction, because the session is over and its state is gone. The inspector keeps the whole timeline, stderr included, and the exit code or signal, so the recording can be replayed offline.</source>
        <translation>双方都不能再发送任何消息，因为会话已经结束，其状态也已清空。检查器保留完整的时间线（包括 stderr）以及退出码或信号，因此这份记录可以离线回放。</translation>
    </message>
    <message>
        <source>Sending initialize moves the session to Initializing. The session also lands here in auto mode when the server/discover probe fell back to legacy, and on Streamable HTTP when a 404 ended the old session, and in both cases a fresh initialize follows.</source>
        <translation>发送 initialize 后，会话进入 Initializing（初始化中）。在 auto 模式下，server/discover 探测回退到旧时代后会话也会来到这里；在 Streamable HTTP 上，旧会话被 404 终止后同样如此，这两种情况下接下来都会重新发送 initialize。</translation>
    </message>
    <message>
        <source>Sending notifications/initialized moves the session to Operating, and in step mode this is the last click of the handshake. If the server exits here instead, the session ends in Failed.</source>
        <translation>发送 notifications/initialized 后，会话进入 Operating（运行中）；在单步模式下，这是握手的最后一次点击。如果服务器在此时退出，会话则以 Failed 告终。</translation>
    </message>
    <message>
        <source>Sending server/discover moves the session to Discovering. If the server cannot be started or reached, the session goes straight to Failed.</source>
        <translation>发送 server/discover 后，会话进入 Discovering（发现中）。如果服务器无法启动或无法连接，会话直接进入 Failed。</translation>
    </message>
    <message>
        <source>Sending tools/list or any other request before initialize is flagged (lifecycle.client-before-initialize), and many servers reject it with -32601 or -32602 or never answer at all. A server that prints a banner or debug text to stdout instead of stderr corrupts the stream (stdio.not-json). A wrong command or path means the server never starts, and a crash on start ends the session in Failed (lifecycle.exited-during-initialize).</source>
        <translation>在 initialize 之前发送 tools/list 或其他任何请求会被标记（lifecycle.client-before-initialize），很多服务器会以 -32601 或 -32602 拒绝，或者干脆不回应。服务器如果把启动横幅或调试文字打印到 stdout 而不是 stderr，就会破坏消息流（stdio.not-json）。命令或路径写错会导致服务器根本启动不了，而启动时崩溃会让会话以 Failed 告终（lifecycle.exited-during-initialize）。</translation>
    </message>
    <message>
        <source>The client opens with the initialize request, and until that request is answered ping is the only other request it should send. The server has nothing to say yet: apart from ping and notifications/message it waits for initialize and answers it.</source>
        <translation>客户端以 initialize 请求开场；在该请求得到答复之前，除 ping 外它不应再发送其他请求。服务器此时还无话可说：除 ping 和 notifications/message 之外，它只等待 initialize 并作答。</translation>
    </message>
    <message>
        <source>The client owes exactly one message, notifications/initialized, and should send no request other than ping before it. The server is still limited to ping and notifications/message until that notification arrives. Over Streamable HTTP every later request carries MCP-Protocol-Version and, when the server assigned one, the Mcp-Session-Id it returned with the InitializeResult.</source>
        <translation>客户端还欠恰好一条消息 notifications/initialized，在此之前除 ping 外不应发送任何请求。在这条通知到达之前，服务器仍然只能发送 ping 和 notifications/message。在 Streamable HTTP 上，此后的每个请求都携带 MCP-Protocol-Version，如果服务器分配了会话，还要携带它随 InitializeResult 返回的 Mcp-Session-Id。</translation>
    </message>
    <message>
        <source>The client sends nothing new: on stdio it has closed the server's stdin, and on Streamable HTTP it sends DELETE with the Mcp-Session-Id header, which the server may refuse with 405, or simply closes its streams when there is no session. The server may still flush pending output and stderr, but it should start no new work and exit.</source>
        <translation>客户端不再发送新消息：在 stdio 上它已关闭服务器的 stdin；在 Streamable HTTP 上它发送带 Mcp-Session-Id 头的 DELETE（服务器可以用 405 拒绝），没有会话时则直接关闭自己的流。服务器仍可把尚未写出的输出和 stderr 冲刷出去，但不应再开始新的工作，而应退出。</translation>
    </message>
    <message>
        <source>The client waits for the InitializeResult and may send only ping meanwhile, and it must not cancel initialize. The server may send ping and notifications/message, but its answer to initialize has to come before any other request or notification.</source>
        <translation>客户端等待 InitializeResult，其间只能发送 ping，而且不得取消 initialize。服务器可以发送 ping 和 notifications/message，但对 initialize 的答复必须先于其他任何请求或通知。</translation>
    </message>
    <message>
        <source>The client waits for the answer to server/discover and sends nothing else meanwhile, because that answer decides which era the session will speak. The server owes exactly one answer: a DiscoverResult with supportedVersions and capabilities, or an error.</source>
        <translation>客户端等待 server/discover 的答复，其间不发送其他任何消息，因为这个答复决定了会话将使用哪个时代的协议。服务器只欠一个答复：带有 supportedVersions 和 capabilities 的 DiscoverResult，或者一个错误。</translation>
    </message>
    <message>
        <source>The server rejects initialize with an error, typically -32602 with data.supported when it does not know the requested protocolVersion, and a modern-only server refuses initialize altogether (lifecycle.initialize-error). It may answer with a version other than the one offered, which is only allowed when it does not support the offered one (lifecycle.version-not-offered), or with one the client does not speak, after which the client should disconnect (lifecycle.version-unsupported). A server that never answers runs into the timeout (lifecycle.no-answer), and one that sends notifications such as list_changed before its answer is flagged (lifecycle.message-before-initialize-result).</source>
        <translation>服务器以错误拒绝 initialize:不认识所请求的 protocolVersion 时通常返回带 data.supported 的 -32602，而只支持新时代的服务器会直接拒绝 initialize(lifecycle.initialize-error)。服务器可能答复一个与所提供版本不同的版本，这只有在它不支持所提供的版本时才允许（lifecycle.version-not-offered）；也可能答复一个客户端根本不会说的版本，此时客户端应当断开连接（lifecycle.version-unsupported）。服务器始终不答复会触发超时（lifecycle.no-answer）；在答复之前就发送 list_changed 之类通知的服务器会被标记（lifecycle.message-before-initialize-result）。</translation>
    </message>
    <message>
        <source>The server uses a feature it never declared, such as a list_changed notification without listChanged (capability.server-undeclared), or asks for sampling, roots or elicitation the client never offered (capability.client-undeclared). A method the version does not define is flagged (method.unknown) and usually answered with -32601, and a request that outlives its timeout is flagged (lifecycle.no-answer) and should be cancelled. On Streamable HTTP the server may end the session with a 404 (http.session-expired) or send a different Mcp-Session-Id in mid-session (http.session-id-changed).</source>
        <translation>服务器使用了从未声明的功能，例如未声明 listChanged 却发送 list_changed 通知（capability.server-undeclared），或者请求客户端从未提供的 sampling、roots 或 elicitation(capability.client-undeclared)。调用当前版本未定义的方法会被标记（method.unknown），通常得到 -32601 的答复；请求超过时限未获答复会被标记（lifecycle.no-answer），并且应当取消。在 Streamable HTTP 上，服务器可能以 404 结束会话（http.session-expired），或在会话中途发来不同的 Mcp-Session-Id(http.session-id-changed)。</translation>
    </message>
    <message>
        <source>The session stays in Ready: an InputRequiredResult is answered by retrying the same request with a new id, inputResponses and the echoed requestState, and a -32022 by retrying with a supported version. The client ends it by closing stdin on stdio, or on HTTP by closing its open streams since there is no session to DELETE, which moves it to Shutting down.</source>
        <translation>会话保持在 Ready:对 InputRequiredResult 的回应是用新的 id、inputResponses 和原样回传的 requestState 重试同一请求，对 -32022 的回应是改用受支持的版本重试。客户端在 stdio 上关闭 stdin 来结束会话，在 HTTP 上则关闭已打开的流，因为没有会话可以 DELETE，随后会话进入 Shutting down。</translation>
    </message>
    <message>
        <source>There is no handshake: the client may send any request straight away, as long as its params._meta carries io.modelcontextprotocol/protocolVersion and io.modelcontextprotocol/clientCapabilities, and preferably io.modelcontextprotocol/clientInfo. A dual-era client should send server/discover first, and the server only answers requests and never sends requests of its own.</source>
        <translation>这里没有握手：客户端可以立即发送任何请求，只要其 params._meta 携带 io.modelcontextprotocol/protocolVersion 和 io.modelcontextprotocol/clientCapabilities，最好再带上 io.modelcontextprotocol/clientInfo。双时代客户端应先发送 server/discover；服务器只负责答复请求，从不主动发出自己的请求。</translation>
    </message>
    <message>
        <source>This is a final state: connecting again starts a fresh session in Uninitialized or Idle, with a new initialize handshake or a new server/discover probe, and nothing from the old session carries over.</source>
        <translation>这是终止状态：重新连接会在 Uninitialized 或 Idle 开始一个全新的会话，重新进行 initialize 握手或 server/discover 探测，旧会话的任何内容都不会延续。</translation>
    </message>
    <message>
        <source>This is a final state: fix the cause and connect again, which starts over in Uninitialized or Idle. A modern client on stdio would simply restart the server and resend the requests it lost, while a legacy client has to repeat the whole handshake.</source>
        <translation>这是终止状态：排除原因后重新连接，会从 Uninitialized 或 Idle 重新开始。使用 stdio 的新时代客户端只需重启服务器并重发丢失的请求，而旧时代客户端则必须把整个握手重来一遍。</translation>
    </message>
    <message>
        <source>Traffic continues until the client shuts down, by closing stdin on stdio or by sending DELETE with the Mcp-Session-Id header on Streamable HTTP, which moves the session to Shutting down. If the server exits or the connection drops the session goes to Failed, and an HTTP 404 to a request carrying the session id sends it back to Uninitialized for a new initialize.</source>
        <translation>通信一直持续到客户端关闭会话：在 stdio 上关闭 stdin，在 Streamable HTTP 上发送带 Mcp-Session-Id 头的 DELETE，会话随即进入 Shutting down（关闭中）。如果服务器退出或连接中断，会话进入 Failed；而携带会话 id 的请求收到 HTTP 404 时，会话回到 Uninitialized，重新发送 initialize。</translation>
    </message>
    <message>
        <source>When the server exits or the connection closes the session moves to Terminated. On stdio the client escalates when the exit does not come within the grace period, SIGTERM first and SIGKILL after another wait, while over HTTP there is no signal to send.</source>
        <translation>服务器退出或连接关闭后，会话进入 Terminated（已终止）。在 stdio 上，如果服务器在宽限期内没有退出，客户端会逐步升级：先发送 SIGTERM，再等一段时间后发送 SIGKILL；而在 HTTP 上没有信号可发。</translation>
    </message>
</context>
<context>
    <name>Timeline</name>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>Time (s)</source>
        <translation>时间（秒）</translation>
    </message>
    <message>
        <source>Δ</source>
        <translation>Δ</translation>
    </message>
    <message>
        <source>Direction</source>
        <translation>方向</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Method / event</source>
        <translation>方法/事件</translation>
    </message>
    <message>
        <source>Id</source>
        <translation>ID</translation>
    </message>
    <message>
        <source>Latency</source>
        <translation>延迟</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <source>Schema</source>
        <translation>Schema</translation>
    </message>
    <message>
        <source>Violations</source>
        <translation>违规</translation>
    </message>
    <message>
        <source>Entry number in the recording</source>
        <translation>条目在会话记录中的编号</translation>
    </message>
    <message>
        <source>Seconds since the session started</source>
        <translation>自会话开始以来的秒数</translation>
    </message>
    <message>
        <source>Time since the previous visible row</source>
        <translation type="vanished">距上一可见行的时间</translation>
    </message>
    <message>
        <source>→ client to server, ← server to client, stderr of the server, process event</source>
        <translation>→ 客户端到服务器，← 服务器到客户端，服务器的 stderr，进程事件</translation>
    </message>
    <message>
        <source>What the line is: request, notification, result, error, noise, …</source>
        <translation type="vanished">该行是什么：请求、通知、结果、错误、噪声、…</translation>
    </message>
    <message>
        <source>The method; for responses the method they answer; for process events the event</source>
        <translation>方法名；响应显示其所应答的方法；进程事件显示事件名</translation>
    </message>
    <message>
        <source>JSON-RPC id</source>
        <translation>JSON-RPC id</translation>
    </message>
    <message>
        <source>Time from the request to this response</source>
        <translation>从请求到此响应的耗时</translation>
    </message>
    <message>
        <source>Bytes on the wire, line terminator included</source>
        <translation>线路上传输的字节数（含行结束符）</translation>
    </message>
    <message>
        <source>✓ valid against the protocol's JSON Schema, ✗ invalid, blank: not checked</source>
        <translation>✓ 符合协议的 JSON Schema，✗ 不符合，空白：未校验</translation>
    </message>
    <message>
        <source>Rules of the protocol this entry breaks</source>
        <translation type="vanished">此条目违反的协议规则</translation>
    </message>
    <message>
        <source>c2s</source>
        <translation>c2s</translation>
    </message>
    <message>
        <source>s2c</source>
        <translation>s2c</translation>
    </message>
    <message>
        <source>stderr</source>
        <translation>stderr</translation>
    </message>
    <message>
        <source>event</source>
        <translation>事件</translation>
    </message>
    <message>
        <source>Client to server (written to the server's stdin)</source>
        <translation>客户端→服务器（写入服务器的 stdin）</translation>
    </message>
    <message>
        <source>Server to client (read from the server's stdout)</source>
        <translation>服务器→客户端（从服务器的 stdout 读取）</translation>
    </message>
    <message>
        <source>A line the server wrote to stderr</source>
        <translation>服务器写入 stderr 的一行</translation>
    </message>
    <message>
        <source>A process or session event (spawn, shutdown step, exit, timeout)</source>
        <translation>进程或会话事件（启动、关闭步骤、退出、超时）</translation>
    </message>
    <message>
        <source>request</source>
        <translation>请求</translation>
    </message>
    <message>
        <source>notification</source>
        <translation>通知</translation>
    </message>
    <message>
        <source>result</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>noise</source>
        <translation>噪声</translation>
    </message>
    <message>
        <source>invalid</source>
        <translation>无效</translation>
    </message>
    <message>
        <source>batch</source>
        <translation>批量</translation>
    </message>
    <message>
        <source>process</source>
        <translation>进程</translation>
    </message>
    <message>
        <source>note</source>
        <translation>备注</translation>
    </message>
    <message>
        <source>HTTP note</source>
        <translation>HTTP 注记</translation>
    </message>
    <message>
        <source>Valid against the protocol's JSON Schema</source>
        <translation>符合协议的 JSON Schema</translation>
    </message>
    <message>
        <source>Invalid against the protocol's JSON Schema</source>
        <translation>不符合协议的 JSON Schema</translation>
    </message>
    <message>
        <source>Hand-written: sent from the composer as a person wrote it</source>
        <translation>手写：由人在编写器中写下并原样发送</translation>
    </message>
    <message>
        <source>Time since the previous visible row. In step mode a message the server sent counts from when it was released at the step gate, so Δ follows the rows' order; its Time is when it was read</source>
        <translation>距上一可见行的时间。单步模式下，服务器发来的消息从它在单步闸门处放行时算起，因此 Δ 与行的顺序一致；它的“时间”是读取它的时刻</translation>
    </message>
    <message>
        <source>What the line is (request, notification, result, error, noise, …), after the arrow of its direction</source>
        <translation>该行是什么（请求、通知、结果、错误、噪声、…），前面是其方向的箭头</translation>
    </message>
    <message>
        <source>Rules of the protocol this entry breaks; ✗ schema: invalid against the protocol's JSON Schema</source>
        <translation>此条目违反的协议规则；✗ Schema：不符合协议的 JSON Schema</translation>
    </message>
    <message>
        <source># (entry number)</source>
        <extracomment>The column menu's names for headers too terse to stand alone.</extracomment>
        <translation>#（条目编号）</translation>
    </message>
    <message>
        <source>Δ (time since the previous row)</source>
        <translation>Δ（距上一行的时间）</translation>
    </message>
    <message>
        <source>✗ schema</source>
        <translation>✗ Schema</translation>
    </message>
    <message>
        <source>Held at the step gate for {held}: read at {t} s, released at {r} s. Time is when it was read; Δ counts from when it was released.</source>
        <translation>在单步闸门处等待 {held}：于 {t} 秒读取，于 {r} 秒放行。“时间”是读取它的时刻；Δ 从放行时算起。</translation>
    </message>
    <message>
        <source>{n} bytes</source>
        <translation>{n} 字节</translation>
    </message>
    <message>
        <source>{ms} after request #{seq}</source>
        <translation>请求 #{seq} 之后 {ms}</translation>
    </message>
    <message>
        <source>{column} (hidden: no room)</source>
        <translation>{column}（已隐藏：空间不足）</translation>
    </message>
    <message>
        <source>Reset columns</source>
        <extracomment>The theme's colour of each tone a cell's text takes (:func:`~inspector.session.timeline_table.cell_tones`) The hue each row tint mixes into the base, and how much of the tint's amount it takes The brush of each tone a cell's text takes, and of each row tint, by the names :func:`~inspector.session.timeline_table.cell_tones` gives them (None: the palette's own)</extracomment>
        <translation>重置列</translation>
    </message>
    <message>
        <source>Back to the columns' first order and widths; columns give way again when there is no room</source>
        <translation>恢复各列最初的顺序和宽度；空间不足时各列重新自动让位</translation>
    </message>
    <message>
        <source>Edit and resend…</source>
        <translation>编辑并重发…</translation>
    </message>
    <message>
        <source>Open this message in the composer, to change it and send it again</source>
        <translation>在编写器中打开这条消息，修改后再次发送</translation>
    </message>
    <message>
        <source>Columns</source>
        <translation>列</translation>
    </message>
    <message>
        <source>Show or hide: {what}</source>
        <translation>显示或隐藏：{what}</translation>
    </message>
    <message>
        <source>Show or hide kinds of entries</source>
        <translation>显示或隐藏各类条目</translation>
    </message>
    <message>
        <source>Show all kinds</source>
        <translation>显示所有类型</translation>
    </message>
    <message>
        <source>any method</source>
        <translation>任意方法</translation>
    </message>
    <message>
        <source>Pick a method for an exact match, or type part of a method or event name</source>
        <translation>选择一个方法进行精确匹配，或输入方法名、事件名的一部分</translation>
    </message>
    <message>
        <source>Search raw text… (Ctrl+F)</source>
        <translation>搜索原始文本…（Ctrl+F）</translation>
    </message>
    <message>
        <source>Case-insensitive search over the raw bytes of every entry</source>
        <translation>在所有条目的原始字节中搜索（不区分大小写）</translation>
    </message>
    <message>
        <source>⚠ Violations</source>
        <translation>⚠ 违规</translation>
    </message>
    <message>
        <source>Only entries that break a protocol rule</source>
        <translation>仅显示违反协议规则的条目</translation>
    </message>
    <message>
        <source>✗ Schema</source>
        <translation>✗ Schema</translation>
    </message>
    <message>
        <source>Only messages that are invalid against the JSON Schema</source>
        <translation>仅显示不符合 JSON Schema 的消息</translation>
    </message>
    <message>
        <source>HTTP errors</source>
        <translation>HTTP 错误</translation>
    </message>
    <message>
        <source>Only HTTP problems: exchanges answered with an error status, what travelled in them, HTTP rule findings and the transport's notes</source>
        <translation>只显示 HTTP 问题：以错误状态应答的交换、其中传输的内容、HTTP 规则发现以及传输层的记录</translation>
    </message>
    <message>
        <source>Clear filters</source>
        <translation>清除筛选</translation>
    </message>
    <message>
        <source>⤓ Jump to latest</source>
        <translation>⤓ 跳到最新</translation>
    </message>
    <message>
        <source>Scroll to the newest entry and follow new ones again</source>
        <translation>滚动到最新条目，并重新跟随新条目</translation>
    </message>
    <message>
        <source>Copy line (exact text)</source>
        <translation>复制该行（原样文本）</translation>
    </message>
    <message>
        <source>Copy as formatted JSON</source>
        <translation>复制为格式化 JSON</translation>
    </message>
    <message>
        <source>Copy as probe --request argument</source>
        <translation>复制为 probe --request 参数</translation>
    </message>
    <message>
        <source>Copy entry with its findings (JSON)</source>
        <translation>复制条目及其检查结果（JSON）</translation>
    </message>
    <message>
        <source>All kinds</source>
        <translation>所有类型</translation>
    </message>
    <message>
        <source>Kinds {shown}/{total}</source>
        <translation>类型 {shown}/{total}</translation>
    </message>
    <message>
        <source>{total} entries</source>
        <translation type="vanished">共 {total} 个条目</translation>
    </message>
    <message>
        <source>{shown} of {total} entries</source>
        <translation type="vanished">{shown} / {total} 个条目</translation>
    </message>
    <message>
        <source>link</source>
        <translation>链路</translation>
    </message>
</context>
<context>
    <name>TimelineView</name>
    <message numerus="yes">
        <source>%Ln entries</source>
        <translation>
            <numerusform>共 %Ln 个条目</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{shown} of %Ln entries</source>
        <translation>
            <numerusform>{shown} / %Ln 个条目</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ToolResultPane</name>
    <message>
        <source>Show in Tasks</source>
        <translation>在任务面板中查看</translation>
    </message>
    <message>
        <source>Calling {0} as a task…</source>
        <translation>正在以任务方式调用 {0}…</translation>
    </message>
    <message>
        <source>Calling {0}…</source>
        <translation>正在调用 {0}…</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>正在取消…</translation>
    </message>
    <message>
        <source>progress {0}</source>
        <translation>进度 {0}</translation>
    </message>
    <message>
        <source>Task {id}: {status}</source>
        <translation>任务 {id}：{status}</translation>
    </message>
    <message>
        <source>tasks/cancel was sent; the task is now {0}.</source>
        <translation>已发送 tasks/cancel；任务现在的状态为 {0}。</translation>
    </message>
    <message>
        <source>notifications/cancelled was sent before the server created a task.</source>
        <translation>在服务器创建任务之前已发送 notifications/cancelled。</translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>the answer stream was closed, which cancels the request; the server should stop.</source>
        <translation>已关闭应答流，这即是取消该请求；服务器应停止处理。</translation>
    </message>
    <message>
        <source>notifications/cancelled was sent; the server should stop and not answer.</source>
        <translation>已发送 notifications/cancelled；服务器应停止处理且不再响应。</translation>
    </message>
    <message>
        <source>The call failed</source>
        <translation>调用失败</translation>
    </message>
    <message>
        <source>No task was created</source>
        <translation>没有创建任务</translation>
    </message>
    <message>
        <source>The server answered the task-augmented call at once with a plain result instead of a CreateTaskResult.</source>
        <translation>服务器对任务化调用直接返回了普通结果，而不是 CreateTaskResult。</translation>
    </message>
    <message>
        <source>task {0}</source>
        <translation>任务 {0}</translation>
    </message>
    <message>
        <source>ended {0}</source>
        <translation>结束状态 {0}</translation>
    </message>
    <message numerus="yes">
        <source>%n poll(s)</source>
        <translation>
            <numerusform>轮询 %n 次</numerusform>
        </translation>
    </message>
    <message>
        <source>finished in {0}</source>
        <translation>用时 {0}</translation>
    </message>
    <message>
        <source>tasks/get failed ({0} {1}); the result was fetched anyway</source>
        <translation>tasks/get 失败（{0} {1}）；结果仍已取回</translation>
    </message>
    <message>
        <source>tools/call id {0}</source>
        <translation>tools/call id {0}</translation>
    </message>
    <message>
        <source>answered in {0}</source>
        <translation>耗时 {0}</translation>
    </message>
    <message numerus="yes">
        <source>%n round(s) (input required): {0}</source>
        <translation>
            <numerusform>%n 轮（需要输入）：{0}</numerusform>
        </translation>
    </message>
    <message>
        <source>Protocol error {0}: {1}</source>
        <translation>协议错误 {0}：{1}</translation>
    </message>
    <message>
        <source>A JSON-RPC error: the request itself was refused (not a tool error).</source>
        <translation>JSON-RPC 错误：请求本身被拒绝（并非工具错误）。</translation>
    </message>
    <message>
        <source>The server still asks for input</source>
        <translation>服务器仍在请求输入</translation>
    </message>
    <message>
        <source>No answer after {0} rounds of input requests.</source>
        <translation>经过 {0} 轮输入请求后仍未得到结果。</translation>
    </message>
    <message>
        <source>The tool reported an error</source>
        <translation>工具报告了错误</translation>
    </message>
    <message>
        <source>isError: true: the call worked, the tool failed; its content follows.</source>
        <translation>isError: true：调用本身成功，但工具执行失败；其内容如下。</translation>
    </message>
</context>
<context>
    <name>ToolsPanel</name>
    <message>
        <source>read-only</source>
        <translation>只读</translation>
    </message>
    <message>
        <source>destructive</source>
        <translation>破坏性</translation>
    </message>
    <message>
        <source>idempotent</source>
        <translation>幂等</translation>
    </message>
    <message>
        <source>open world</source>
        <translation>开放世界</translation>
    </message>
    <message>
        <source>task {0}</source>
        <translation type="vanished">任务 {0}</translation>
    </message>
    <message>
        <source>excluded</source>
        <translation>已排除</translation>
    </message>
    <message>
        <source>task optional</source>
        <translation>任务：可选</translation>
    </message>
    <message>
        <source>task required</source>
        <translation>任务：必需</translation>
    </message>
    <message>
        <source>task support: forbidden</source>
        <translation>任务支持：禁止</translation>
    </message>
    <message>
        <source>task support: optional</source>
        <translation>任务支持：可选</translation>
    </message>
    <message>
        <source>task support: required</source>
        <translation>任务支持：必需</translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation>刷新</translation>
    </message>
    <message>
        <source>Filter by name, title or description</source>
        <translation>按名称、标题或描述筛选</translation>
    </message>
    <message>
        <source>Load more</source>
        <translation>加载更多</translation>
    </message>
    <message>
        <source>Select a tool to see its description and fill in its arguments.</source>
        <translation>选择一个工具，查看其描述并填写参数。</translation>
    </message>
    <message>
        <source>Check arguments against the schema before sending</source>
        <translation>发送前按 Schema 校验参数</translation>
    </message>
    <message>
        <source>Uncheck to send arguments that break the schema on purpose (to see how the server reacts).</source>
        <translation>取消勾选可故意发送违反 Schema 的参数（以观察服务器的反应）。</translation>
    </message>
    <message>
        <source>Reset</source>
        <translation>重置</translation>
    </message>
    <message>
        <source>Back to the schema's defaults</source>
        <translation>恢复为 Schema 的默认值</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Call</source>
        <translation>调用</translation>
    </message>
    <message>
        <source>Call the tool (Ctrl+Enter)</source>
        <translation>调用该工具（Ctrl+Enter）</translation>
    </message>
    <message>
        <source>Run as task</source>
        <translation>作为任务运行</translation>
    </message>
    <message>
        <source>TTL: server's</source>
        <translation>TTL：由服务器定</translation>
    </message>
    <message>
        <source>TTL </source>
        <translation>TTL </translation>
    </message>
    <message>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <source>How long the server should keep the task and its result (the task's ttl); the server may choose another</source>
        <translation>服务器保留任务及其结果的时长（任务的 ttl）；服务器可以另选时长</translation>
    </message>
    <message>
        <source>Show in Tasks</source>
        <translation type="vanished">在任务面板中查看</translation>
    </message>
    <message>
        <source>Tools</source>
        <translation>工具</translation>
    </message>
    <message>
        <source>{0} · tools/call id {1} sent at entry {2}; not answered by this entry</source>
        <translation>{0} · tools/call id {1} 在条目 {2} 发出；截至此条目尚未得到回答</translation>
    </message>
    <message>
        <source>run as task {0}: see the Tasks panel</source>
        <translation>作为任务 {0} 运行：见“任务”面板</translation>
    </message>
    <message>
        <source>The server said the tool list changed: reloaded.</source>
        <translation>服务器通知工具列表已变更：已重新加载。</translation>
    </message>
    <message>
        <source>The server sent tools/list_changed without declaring tools.listChanged; press Refresh to reload.</source>
        <translation>服务器未声明 tools.listChanged 却发送了 tools/list_changed；请点击“刷新”重新加载。</translation>
    </message>
    <message>
        <source>Internal error: {0}</source>
        <translation type="vanished">内部错误：{0}</translation>
    </message>
    <message>
        <source>tools/list failed: {0} {1}</source>
        <translation type="vanished">tools/list 失败：{0} {1}</translation>
    </message>
    <message>
        <source>tools/list answered without a tools array</source>
        <translation type="vanished">tools/list 的响应中没有 tools 数组</translation>
    </message>
    <message>
        <source>Excluded: its x-mcp-header annotations are invalid ({0}).</source>
        <translation>已排除：其 x-mcp-header 注解无效（{0}）。</translation>
    </message>
    <message>
        <source>The tool {0} is no longer listed.</source>
        <translation>工具 {0} 已不在列表中。</translation>
    </message>
    <message>
        <source>1 tool</source>
        <translation>1 个工具</translation>
    </message>
    <message>
        <source>{0} tools</source>
        <translation>{0} 个工具</translation>
    </message>
    <message>
        <source>1 page</source>
        <translation>1 页</translation>
    </message>
    <message>
        <source>{0} pages</source>
        <translation>{0} 页</translation>
    </message>
    <message>
        <source>more available</source>
        <translation>还有更多</translation>
    </message>
    <message>
        <source>%n poll(s)</source>
        <translation type="vanished">轮询 %n 次</translation>
    </message>
    <message numerus="yes">
        <source>%n round(s) (input required): {0}</source>
        <translation type="vanished">
            <numerusform>%n 轮（需要输入）：{0}</numerusform>
        </translation>
    </message>
    <message>
        <source>Loading…</source>
        <translation type="vanished">加载中…</translation>
    </message>
    <message>
        <source>loading…</source>
        <translation>加载中…</translation>
    </message>
    <message>
        <source>annotations (untrusted hints): {0}</source>
        <translation>注解（不可信的提示）：{0}</translation>
    </message>
    <message>
        <source>Over Streamable HTTP a client must not use this tool: its x-mcp-header annotations are invalid ({0}). Uncheck the schema check to call it anyway.</source>
        <translation type="vanished">通过 Streamable HTTP 时客户端不得使用此工具：它的 x-mcp-header 注解无效（{0}）。取消勾选模式检查即可强行调用。</translation>
    </message>
    <message>
        <source>no arguments</source>
        <translation>无参数</translation>
    </message>
    <message>
        <source>1 argument</source>
        <translation type="vanished">1 个参数</translation>
    </message>
    <message>
        <source>{0} arguments</source>
        <translation type="vanished">{0} 个参数</translation>
    </message>
    <message>
        <source>{0} required</source>
        <translation type="vanished">{0} 个必填</translation>
    </message>
    <message>
        <source>declares an outputSchema</source>
        <translation>声明了 outputSchema</translation>
    </message>
    <message>
        <source>task support: {0}</source>
        <translation>任务支持：{0}</translation>
    </message>
    <message>
        <source>This tool must run as a task (execution.taskSupport: required): a plain call is refused.</source>
        <translation>此工具必须作为任务运行（execution.taskSupport: required）：普通调用会被拒绝。</translation>
    </message>
    <message>
        <source>The tool says it must run as a task, but the server did not declare task-augmented tools/call (capabilities.tasks.requests.tools.call): the spec allows neither way of calling it.</source>
        <translation>此工具声明必须作为任务运行，但服务器没有声明支持任务化的 tools/call（capabilities.tasks.requests.tools.call）：按规范，两种调用方式都不允许。</translation>
    </message>
    <message>
        <source>Send tools/call with a task: the server answers with a task at once; the panel polls tasks/get and fetches tasks/result.</source>
        <translation>以任务方式发送 tools/call：服务器立即返回一个任务；面板轮询 tasks/get，并通过 tasks/result 取回结果。</translation>
    </message>
    <message>
        <source>The arguments are not a JSON object: {0}</source>
        <translation>参数不是 JSON 对象：{0}</translation>
    </message>
    <message>
        <source>Not called: over Streamable HTTP this tool must not be used ({0}). Uncheck the schema check to call it anyway.</source>
        <translation type="vanished">未调用：通过 Streamable HTTP 时不得使用此工具（{0}）。取消勾选模式检查即可强行调用。</translation>
    </message>
    <message>
        <source>(arguments)</source>
        <translation>（参数）</translation>
    </message>
    <message>
        <source>Fix the arguments first ({0}), or uncheck the schema check to send them anyway.</source>
        <translation>请先修正参数（{0}），或取消勾选 Schema 校验以强制发送。</translation>
    </message>
    <message>
        <source>Calling {0}…</source>
        <translation type="vanished">正在调用 {0}…</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation type="vanished">正在取消…</translation>
    </message>
    <message>
        <source>the answer stream was closed, which cancels the request; the server should stop.</source>
        <translation type="vanished">已关闭应答流，这即是取消该请求；服务器应停止处理。</translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation type="vanished">已取消</translation>
    </message>
    <message>
        <source>notifications/cancelled was sent; the server should stop and not answer.</source>
        <translation type="vanished">已发送 notifications/cancelled；服务器应停止处理且不再响应。</translation>
    </message>
    <message>
        <source>The call failed</source>
        <translation type="vanished">调用失败</translation>
    </message>
    <message>
        <source>Calling {0} as a task…</source>
        <translation type="vanished">正在以任务方式调用 {0}…</translation>
    </message>
    <message>
        <source>Excluded: a client must not use this tool, its x-mcp-header annotations break the 2026-07-28 rules ({0}). It cannot be called from here; the composer sends any message as written.</source>
        <translation>已排除：客户端不得使用此工具，其 x-mcp-header 注解违反了 2026-07-28 的规则（{0}）。无法在此处调用它；编写器会按原样发送任何消息。</translation>
    </message>
    <message numerus="yes">
        <source>%n argument(s)</source>
        <translation>
            <numerusform>%n 个参数</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n required</source>
        <translation>
            <numerusform>%n 个必填</numerusform>
        </translation>
    </message>
    <message>
        <source>Not called: this tool is excluded, its x-mcp-header annotations are invalid ({0}).</source>
        <translation>未调用：此工具已被排除，其 x-mcp-header 注解无效（{0}）。</translation>
    </message>
    <message>
        <source>Not called: the integer for {0} is outside ±(2^53−1), which a header must not carry.</source>
        <translation>未调用：{0} 的整数超出 ±(2^53−1)，标头不得携带这样的值。</translation>
    </message>
    <message>
        <source>tasks/cancel was sent; the task is now {0}.</source>
        <translation type="vanished">已发送 tasks/cancel；任务现在的状态为 {0}。</translation>
    </message>
    <message>
        <source>notifications/cancelled was sent before the server created a task.</source>
        <translation type="vanished">在服务器创建任务之前已发送 notifications/cancelled。</translation>
    </message>
    <message>
        <source>No task was created</source>
        <translation type="vanished">没有创建任务</translation>
    </message>
    <message>
        <source>The server answered the task-augmented call at once with a plain result instead of a CreateTaskResult.</source>
        <translation type="vanished">服务器对任务化调用直接返回了普通结果，而不是 CreateTaskResult。</translation>
    </message>
    <message>
        <source>ended {0}</source>
        <translation type="vanished">结束状态 {0}</translation>
    </message>
    <message>
        <source>1 poll</source>
        <translation type="vanished">轮询 1 次</translation>
    </message>
    <message>
        <source>{0} polls</source>
        <translation type="vanished">轮询 {0} 次</translation>
    </message>
    <message>
        <source>finished in {0}</source>
        <translation type="vanished">用时 {0}</translation>
    </message>
    <message>
        <source>tasks/get failed ({0} {1}); the result was fetched anyway</source>
        <translation type="vanished">tasks/get 失败（{0} {1}）；结果仍已取回</translation>
    </message>
    <message>
        <source>Task {id}: {status}</source>
        <translation type="vanished">任务 {id}：{status}</translation>
    </message>
    <message>
        <source>progress {0}</source>
        <translation type="vanished">进度 {0}</translation>
    </message>
    <message>
        <source>tools/call id {0}</source>
        <translation type="vanished">tools/call id {0}</translation>
    </message>
    <message>
        <source>answered in {0}</source>
        <translation type="vanished">耗时 {0}</translation>
    </message>
    <message>
        <source>{0} rounds (input required): {1}</source>
        <translation type="vanished">{0} 轮（需要输入）：{1}</translation>
    </message>
    <message>
        <source>Protocol error {0}: {1}</source>
        <translation type="vanished">协议错误 {0}：{1}</translation>
    </message>
    <message>
        <source>A JSON-RPC error: the request itself was refused (not a tool error).</source>
        <translation type="vanished">JSON-RPC 错误：请求本身被拒绝（并非工具错误）。</translation>
    </message>
    <message>
        <source>The server still asks for input</source>
        <translation type="vanished">服务器仍在请求输入</translation>
    </message>
    <message>
        <source>No answer after {0} rounds of input requests.</source>
        <translation type="vanished">经过 {0} 轮输入请求后仍未得到结果。</translation>
    </message>
    <message>
        <source>The tool reported an error</source>
        <translation type="vanished">工具报告了错误</translation>
    </message>
    <message>
        <source>isError: true: the call worked, the tool failed; its content follows.</source>
        <translation type="vanished">isError: true：调用本身成功，但工具执行失败；其内容如下。</translation>
    </message>
</context>
<context>
    <name>Transports</name>
    <message>
        <source>HTTP+SSE (2024-11-05): a server's event stream URL</source>
        <translation>HTTP+SSE（2024-11-05）：服务器事件流的 URL</translation>
    </message>
    <message>
        <source>HTTP, auto: Streamable HTTP, or HTTP+SSE if refused</source>
        <translation>HTTP，自动：先试 Streamable HTTP，被拒则用 HTTP+SSE</translation>
    </message>
    <message>
        <source>Streamable HTTP: a server at a URL</source>
        <translation>Streamable HTTP：位于某个 URL 的服务器</translation>
    </message>
    <message>
        <source>stdio: start a command</source>
        <translation>stdio：启动一个命令</translation>
    </message>
    <message>
        <source>HTTP+SSE</source>
        <translation>HTTP+SSE</translation>
    </message>
    <message>
        <source>HTTP, auto</source>
        <translation>HTTP，自动</translation>
    </message>
    <message>
        <source>Streamable HTTP</source>
        <translation>Streamable HTTP</translation>
    </message>
    <message>
        <source>stdio (a command)</source>
        <translation>stdio（启动命令）</translation>
    </message>
</context>
<context>
    <name>UrlRelays</name>
    <message>
        <source>this window does not serve it now</source>
        <translation>本窗口现在没有为它服务</translation>
    </message>
    <message>
        <source>this window serves it now on {address}</source>
        <translation>本窗口正在 {address} 上为它服务</translation>
    </message>
    <message>
        <source>this window is starting its relay on {address}</source>
        <translation>本窗口正在 {address} 上启动它的中继</translation>
    </message>
    <message>
        <source>this window cannot serve it: {address} is taken (another inspector window, or a proxy you run, may serve it): {why}</source>
        <translation type="vanished">本窗口无法为它服务：{address} 已被占用（可能是另一个检查器窗口或你运行的代理在为它服务）：{why}</translation>
    </message>
    <message>
        <source>this window does not serve it now: {address} is taken (another inspector window, or a proxy you run, may serve it); this window serves it once the address is free: {why}</source>
        <translation>本窗口现在没有为它服务：{address} 已被占用（可能是另一个检查器窗口或你运行的代理在为它服务）；地址空出后本窗口就会为它服务：{why}</translation>
    </message>
    <message>
        <source>this window cannot serve it: its address is another server's ({why})</source>
        <translation>本窗口无法为它服务：它的地址属于另一台服务器（{why}）</translation>
    </message>
    <message>
        <source>this window's relay stopped: {why}</source>
        <translation>本窗口的中继已停止：{why}</translation>
    </message>
    <message numerus="yes">
        <source>HTTP relays: %n serving</source>
        <translation>
            <numerusform>HTTP 中继：%n 个在服务</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>, %n not</source>
        <translation>
            <numerusform>，%n 个未在服务</numerusform>
        </translation>
    </message>
    <message>
        <source>{server}: {address} → {upstream}; {state}</source>
        <translation>{server}：{address} → {upstream}；{state}</translation>
    </message>
    <message>
        <source>This window serves the HTTP servers attached to hosts while it is open; while no window runs, the hosts cannot reach them.</source>
        <translation>本窗口打开期间为接入宿主的 HTTP 服务器服务；没有窗口运行时，宿主无法访问它们。</translation>
    </message>
</context>
<context>
    <name>WaitNote</name>
    <message>
        <source>no request has that id</source>
        <translation>没有哪个请求使用这个 id</translation>
    </message>
    <message>
        <source>its id is not a valid request id</source>
        <translation>它的 id 不是有效的请求 id</translation>
    </message>
    <message>
        <source>it came after the request had timed out</source>
        <translation>它在请求超时之后才到达</translation>
    </message>
    <message>
        <source>it does not follow the schema</source>
        <translation>它不符合 Schema</translation>
    </message>
    <message>
        <source>Show entry #{seq}</source>
        <translation>显示条目 #{seq}</translation>
    </message>
    <message>
        <source>Select this entry in the timeline</source>
        <translation>在时间线中选中这个条目</translation>
    </message>
    <message>
        <source>{method} (id {id}) was answered at #{seq}, flagged: {why}.</source>
        <extracomment>each story of :mod:`inspector.session.wait_story` in words: {method}, {id} (the request's), {seq} (its answer or timeout), {other} and {at} (the answer no request could take), {n}, {why}</extracomment>
        <translation>{method}（id {id}）已在 #{seq} 得到应答，但被标记：{why}。</translation>
    </message>
    <message>
        <source>{method} (id {id}) timed out at #{seq}: no answer came within the request timeout.</source>
        <translation>{method}（id {id}）在 #{seq} 超时：请求超时时间内没有收到应答。</translation>
    </message>
    <message>
        <source>{method} (id {id}) timed out at #{seq}, unanswered; an answer with id {other} had come at #{at}, flagged: {why}.</source>
        <translation>{method}（id {id}）在 #{seq} 超时，未得到应答；此前在 #{at} 收到一个 id 为 {other} 的应答，被标记：{why}。</translation>
    </message>
    <message>
        <source>{method} (id {id}) went unanswered: the client stopped waiting (cancelled, or the server went away); an answer with id {other} had come at #{at}, flagged: {why}.</source>
        <translation>{method}（id {id}）未得到应答：客户端已停止等待（已取消，或服务器已离开）；此前在 #{at} 收到一个 id 为 {other} 的应答，被标记：{why}。</translation>
    </message>
    <message>
        <source>Waiting for {method} (id {id}): an answer with id {other} came at #{at}, flagged: {why}.</source>
        <translation>正在等待 {method}（id {id}）：在 #{at} 收到一个 id 为 {other} 的应答，被标记：{why}。</translation>
    </message>
    <message>
        <source>Waiting for {method} (id {id}): {n} answers no request could take came, the last with id {other} at #{at}, flagged: {why}.</source>
        <translation>正在等待 {method}（id {id}）：收到 {n} 个没有请求能对应的应答，最后一个的 id 为 {other}，在 #{at}，被标记：{why}。</translation>
    </message>
</context>
<context>
    <name>WatchDialog</name>
    <message>
        <source>Watch host sessions</source>
        <extracomment>How often the dialog reads the folders again while it is shown.</extracomment>
        <translation>监视宿主会话</translation>
    </message>
    <message>
        <source>Sessions a host runs through mcp-session-inspector proxy: the running ones first, then the recent recordings. A running session opens live, following the host and the server as they talk.</source>
        <translation>宿主通过 mcp-session-inspector proxy 运行的会话：先列出正在运行的，再列出最近的录制。正在运行的会话以实时方式打开，随宿主与服务器的对话同步显示。</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>服务器</translation>
    </message>
    <message>
        <source>Command</source>
        <translation>命令</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>开始时间</translation>
    </message>
    <message>
        <source>Entries</source>
        <translation>条目</translation>
    </message>
    <message>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>No proxied sessions yet. Attach a host's server to the proxy (mcp-session-inspector attach) and start the host.</source>
        <translation>还没有经代理的会话。请把宿主的服务器接入代理（mcp-session-inspector attach），然后启动宿主。</translation>
    </message>
    <message>
        <source>Keep in the proxied folder:</source>
        <translation>代理文件夹中保留：</translation>
    </message>
    <message>
        <source>up to 100 MB and 7 days</source>
        <translation type="vanished">最多 100 MB 和 7 天</translation>
    </message>
    <message>
        <source>up to 500 MB and 30 days</source>
        <translation type="vanished">最多 500 MB 和 30 天</translation>
    </message>
    <message>
        <source>up to 2 GB and 90 days</source>
        <translation type="vanished">最多 2 GB 和 90 天</translation>
    </message>
    <message>
        <source>up to 100 MiB and 7 days</source>
        <translation>最多 100 MiB 和 7 天</translation>
    </message>
    <message>
        <source>up to 500 MiB and 30 days</source>
        <translation>最多 500 MiB 和 30 天</translation>
    </message>
    <message>
        <source>up to 2 GiB and 90 days</source>
        <translation>最多 2 GiB 和 90 天</translation>
    </message>
    <message>
        <source>everything (never remove)</source>
        <translation>全部（从不删除）</translation>
    </message>
    <message>
        <source>Proxies started without --record keep their recordings in this folder. The oldest go first; a running session's recording and files you saved elsewhere are never removed.</source>
        <translation>未使用 --record 启动的代理会把记录保存在此文件夹中。最旧的先删除；正在运行的会话的记录和你保存到别处的文件永远不会被删除。</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>打开</translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation>刷新</translation>
    </message>
    <message>
        <source>running</source>
        <translation>运行中</translation>
    </message>
    <message>
        <source>ended</source>
        <translation>已结束</translation>
    </message>
    <message numerus="yes">
        <source>%Ln recordings, {size}, in {folder}</source>
        <translation>
            <numerusform>%Ln 个记录，{size}，位于 {folder}</numerusform>
        </translation>
    </message>
    <message>
        <source>Watch live</source>
        <translation>实时监视</translation>
    </message>
    <message>
        <source>Disconnect the running session?</source>
        <translation>断开正在运行的会话？</translation>
    </message>
    <message>
        <source>The window runs a session of its own. Disconnect it (the spec's shutdown) and watch {name}?</source>
        <translation>此窗口正在运行自己的会话。要断开它（按规范关闭）并监视 {name} 吗？</translation>
    </message>
    <message>
        <source>MCP Session Inspector — {name} (live from a host, read-only)</source>
        <translation>MCP 会话检查器 — {name}（来自宿主的实时会话，只读）</translation>
    </message>
    <message>
        <source>Watching {name}: entries appear as the host and the server talk.</source>
        <translation>正在监视 {name}：宿主与服务器对话时条目会陆续出现。</translation>
    </message>
    <message>
        <source>MCP Session Inspector — {name} (ended, read-only)</source>
        <translation>MCP 会话检查器 — {name}（已结束，只读）</translation>
    </message>
    <message>
        <source>The proxied session {name} ended: its recording is complete.</source>
        <translation>经代理的会话 {name} 已结束：其录制已完整。</translation>
    </message>
</context>
<context>
    <name>WindowActions</name>
    <message>
        <source>Connect</source>
        <translation>连接</translation>
    </message>
    <message>
        <source>Start the selected server and run the start sequence (Ctrl+Enter)</source>
        <translation>启动所选服务器并执行启动序列（Ctrl+Enter）</translation>
    </message>
    <message>
        <source>Disconnect</source>
        <translation>断开连接</translation>
    </message>
    <message>
        <source>Shut the server down per spec: close stdin, wait, SIGTERM, SIGKILL (Ctrl+Shift+Enter)</source>
        <translation>按规范关闭服务器：关闭 stdin，等待，再依次发送 SIGTERM、SIGKILL（Ctrl+Shift+Enter）</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>单步</translation>
    </message>
    <message>
        <source>Step mode: every message in both directions, and each shutdown step, waits for Continue. Switched on during a session, the next message waits; off, what waits goes on (Ctrl+T)</source>
        <translation>单步模式：双向的每条消息以及每个关闭步骤都要等待“继续”。会话中打开时，下一条消息开始等待；关闭时，正在等待的消息继续发出（Ctrl+T）</translation>
    </message>
    <message>
        <source>Continue</source>
        <translation>继续</translation>
    </message>
    <message>
        <source>Send the waiting message (F8)</source>
        <translation>发送等待中的消息（F8）</translation>
    </message>
    <message>
        <source>Follow live</source>
        <translation>实时跟随</translation>
    </message>
    <message>
        <source>The diagram follows the newest entry instead of the selected row (Ctrl+L)</source>
        <translation>状态图跟随最新条目，而不是所选行（Ctrl+L）</translation>
    </message>
    <message>
        <source>Open recording…</source>
        <translation>打开记录…</translation>
    </message>
    <message>
        <source>Save recording…</source>
        <translation>保存记录…</translation>
    </message>
    <message>
        <source>Watch host sessions…</source>
        <translation>监视宿主会话…</translation>
    </message>
    <message>
        <source>Sessions a host runs through the proxy, running or recent: open one live or as a recording</source>
        <translation>宿主通过代理运行的会话（正在运行或最近的）：实时打开或作为录制打开</translation>
    </message>
    <message>
        <source>Compose…</source>
        <translation>编写…</translation>
    </message>
    <message>
        <source>Write a message of your own and send it as it is: valid, malformed or out of order (Ctrl+M)</source>
        <translation>自己编写一条消息并原样发送：合法、格式错误或顺序错乱皆可（Ctrl+M）</translation>
    </message>
    <message>
        <source>Ping</source>
        <translation>Ping</translation>
    </message>
    <message>
        <source>Send ping and show how long the answer took (handshake era)</source>
        <translation>发送 ping 并显示应答耗时（握手时代）</translation>
    </message>
    <message>
        <source>Export transcript…</source>
        <translation>导出记录稿…</translation>
    </message>
    <message>
        <source>A handout of the session: Markdown or a self-contained HTML page, in the window's language</source>
        <translation>会话讲义：Markdown 或独立的 HTML 页面，使用窗口当前的语言</translation>
    </message>
    <message>
        <source>Export diagram…</source>
        <translation>导出状态图…</translation>
    </message>
    <message>
        <source>The lifecycle diagram as it is drawn now, as SVG or PNG</source>
        <translation>按当前绘制的样子导出生命周期图，格式为 SVG 或 PNG</translation>
    </message>
    <message>
        <source>Presenter</source>
        <translation>演示模式</translation>
    </message>
    <message>
        <source>For a projector: larger diagram, step bar and timeline, side panels hidden, lesson notes for the current state (F11)</source>
        <translation>用于投影：放大状态图、单步栏和时间线，隐藏侧边面板，显示当前状态的讲解（F11）</translation>
    </message>
    <message>
        <source>Export sequence diagram…</source>
        <translation>导出时序图…</translation>
    </message>
    <message>
        <source>The sequence diagram of the rows the timeline shows, as SVG or PNG</source>
        <translation>把时间线所显示各行的时序图导出为 SVG 或 PNG</translation>
    </message>
    <message>
        <source>Re-analyse with the current rules</source>
        <translation>用当前规则重新分析</translation>
    </message>
    <message>
        <source>Judge the opened recording again with this inspector's rules and schemas, and show what came out differently</source>
        <translation>用本检查器当前的规则和 Schema 重新判定打开的记录，并显示结论不同之处</translation>
    </message>
    <message>
        <source>Specification…</source>
        <translation>规范…</translation>
    </message>
    <message>
        <source>The MCP specification pages bundled with the inspector, for the negotiated version (F1)</source>
        <translation>随检查器附带的 MCP 规范页面，对应协商出的版本（F1）</translation>
    </message>
    <message>
        <source>Import servers…</source>
        <translation>导入服务器…</translation>
    </message>
    <message>
        <source>Add servers from Claude Desktop, VS Code, Cursor, Windsurf or MCP Inspector settings, or a registry server.json</source>
        <translation>从 Claude Desktop、VS Code、Cursor、Windsurf 或 MCP Inspector 的设置，或注册表的 server.json 添加服务器</translation>
    </message>
    <message>
        <source>Export server entry…</source>
        <translation>导出服务器条目…</translation>
    </message>
    <message>
        <source>The selected server as an entry for another client's configuration file (Claude Desktop, Cursor, VS Code, Windsurf, MCP Inspector), secrets left out</source>
        <translation>将所选服务器导出为其他客户端配置文件（Claude Desktop、Cursor、VS Code、Windsurf、MCP Inspector）中的条目，不含机密</translation>
    </message>
    <message>
        <source>Attach to a host…</source>
        <translation>接入宿主…</translation>
    </message>
    <message>
        <source>Make Claude Desktop, VS Code, Cursor or Windsurf start a server through the proxy, and back</source>
        <translation>让 Claude Desktop、VS Code、Cursor 或 Windsurf 通过代理启动服务器，或恢复原样</translation>
    </message>
    <message>
        <source>Quit</source>
        <translation>退出</translation>
    </message>
    <message>
        <source>Session</source>
        <translation>会话</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Session</source>
        <translation>会话(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>Debugging layout</source>
        <translation>调试布局</translation>
    </message>
    <message>
        <source>Timeline first: the timeline and the details get the space, the diagram is smaller</source>
        <translation>时间线优先：时间线和详情占据空间，图较小</translation>
    </message>
    <message>
        <source>Teaching layout</source>
        <translation>教学布局</translation>
    </message>
    <message>
        <source>Diagram and step bar first, the timeline and the details below them</source>
        <translation>图和单步栏优先，时间线和详情在其下方</translation>
    </message>
    <message>
        <source>Reset layout</source>
        <translation>重置布局</translation>
    </message>
    <message>
        <source>Put the chosen layout back as it starts: its docks, toolbar and proportions</source>
        <translation>将所选布局恢复为初始状态：停靠面板、工具栏和比例</translation>
    </message>
    <message>
        <source>Show or hide the Connection dock: saved servers and the editor</source>
        <translation>显示或隐藏“连接”停靠面板：已保存的服务器和编辑器</translation>
    </message>
    <message>
        <source>Show or hide the Features dock: tools, resources, prompts, logs, tasks</source>
        <translation>显示或隐藏“功能”停靠面板：工具、资源、提示、日志、任务</translation>
    </message>
    <message>
        <source>Toolbar</source>
        <translation>工具栏</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>语言</translation>
    </message>
    <message>
        <source>Theme</source>
        <translation>主题</translation>
    </message>
    <message>
        <source>Follow the system</source>
        <translation>跟随系统</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>浅色</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>深色</translation>
    </message>
    <message>
        <source>Compare sessions…</source>
        <translation>比较会话…</translation>
    </message>
    <message>
        <source>Diagnose</source>
        <translation>诊断</translation>
    </message>
    <message>
        <source>Run the Connection Doctor on the selected server: each check in order, what was seen and what to do</source>
        <translation>对所选服务器运行连接诊断：依次执行每项检查，显示所见情况与处理办法</translation>
    </message>
    <message>
        <source>What the server offers in two sessions side by side (this one and a recording or surface file, or two files): added, removed and changed items, breaking changes marked, and where the messages part</source>
        <translation>并排比较两个会话中服务器提供的内容（当前会话与一个记录或接口面文件，或两个文件）：新增、删除和变更的项目，标出破坏性变更，并指出消息从何处开始不同</translation>
    </message>
</context>
<context>
    <name>WindowFiles</name>
    <message>
        <source>Imported {n} server(s)</source>
        <extracomment>Files at least this large are shown while they load (the rest behind the status bar's progress).</extracomment>
        <translation>已导入 {n} 个服务器</translation>
    </message>
    <message>
        <source>Open recording</source>
        <translation>打开会话记录</translation>
    </message>
    <message>
        <source>Recordings (*.jsonl);;All files (*)</source>
        <translation>会话记录 (*.jsonl);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Cannot open recording</source>
        <translation>无法打开会话记录</translation>
    </message>
    <message>
        <source>MCP Session Inspector — {name} (read-only)</source>
        <translation>MCP 会话检查器 — {name}（只读）</translation>
    </message>
    <message>
        <source>Cannot read all of the recording</source>
        <translation>无法读取完整的记录</translation>
    </message>
    <message>
        <source>Reading {name} broke off; the entries read before are shown.</source>
        <translation>读取 {name} 时中断；显示中断前已读取的条目。</translation>
    </message>
    <message>
        <source>MCP Session Inspector — {name} (read-only, partly loaded)</source>
        <translation>MCP 会话检查器 — {name}（只读，部分加载）</translation>
    </message>
    <message>
        <source>Stopped loading {name}: the first {n} entries are shown.</source>
        <translation>已停止加载 {name}：显示前 {n} 个条目。</translation>
    </message>
    <message>
        <source>The watched session is still running: do this once it has ended (its proxy still writes it).</source>
        <translation>所监视的会话仍在运行：请在它结束后再执行此操作（其代理仍在写入录制）。</translation>
    </message>
    <message>
        <source>Wait until the recording has loaded (or stop loading it) first.</source>
        <translation>请等待记录加载完成（或先停止加载）。</translation>
    </message>
    <message>
        <source>One line of {name} could not be read; everything else is shown.</source>
        <translation>{name} 中有一行无法读取；其余内容均已显示。</translation>
    </message>
    <message>
        <source>{n} lines of {name} could not be read; everything else is shown.</source>
        <translation>{name} 中有 {n} 行无法读取；其余内容均已显示。</translation>
    </message>
    <message>
        <source>line {line}: {reason}</source>
        <translation>第 {line} 行：{reason}</translation>
    </message>
    <message>
        <source>… and {n} more</source>
        <translation>……另有 {n} 处</translation>
    </message>
    <message>
        <source>Parts of the recording could not be read</source>
        <translation>记录的部分内容无法读取</translation>
    </message>
    <message>
        <source>Opened with {n} unreadable line(s); see the message.</source>
        <translation>已打开，有 {n} 行无法读取；详见提示。</translation>
    </message>
    <message>
        <source>Nothing to save yet: connect to a server first.</source>
        <translation>还没有可保存的内容：请先连接服务器。</translation>
    </message>
    <message>
        <source>Save recording</source>
        <translation>保存会话记录</translation>
    </message>
    <message>
        <source>Recordings</source>
        <translation>会话记录</translation>
    </message>
    <message>
        <source>Cannot save recording</source>
        <translation>无法保存会话记录</translation>
    </message>
    <message>
        <source>Saved {path}</source>
        <translation>已保存 {path}</translation>
    </message>
    <message>
        <source>HTML page</source>
        <translation>HTML 页面</translation>
    </message>
    <message>
        <source>Markdown</source>
        <translation>Markdown</translation>
    </message>
    <message>
        <source>Nothing to export yet: connect to a server or open a recording first.</source>
        <translation>还没有可导出的内容：请先连接服务器或打开一份记录。</translation>
    </message>
    <message>
        <source>Export transcript</source>
        <translation>导出记录稿</translation>
    </message>
    <message>
        <source>Cannot write {path}: {reason}</source>
        <translation>无法写入 {path}：{reason}</translation>
    </message>
    <message>
        <source>Not exported: {why}</source>
        <translation>未导出：{why}</translation>
    </message>
    <message>
        <source>Cannot export</source>
        <translation>无法导出</translation>
    </message>
    <message>
        <source>unknown file type: the name must end in .html or .md</source>
        <translation>未知的文件类型：文件名必须以 .html 或 .md 结尾</translation>
    </message>
    <message>
        <source>Exported {path}</source>
        <translation>已导出 {path}</translation>
    </message>
    <message>
        <source>Open a recording first: a live session is judged as it happens.</source>
        <translation>请先打开一份记录：实时会话在发生时即被判定。</translation>
    </message>
    <message>
        <source>(re-analysed)</source>
        <translation>（已重新分析）</translation>
    </message>
    <message>
        <source>Re-analysed: every entry is judged as it was when it was recorded.</source>
        <translation>已重新分析：每个条目的判定都与记录时相同。</translation>
    </message>
    <message>
        <source>now: {rules}</source>
        <translation>现在：{rules}</translation>
    </message>
    <message>
        <source>no longer: {rules}</source>
        <translation>不再：{rules}</translation>
    </message>
    <message>
        <source>explained now: {notes}</source>
        <translation>现有说明：{notes}</translation>
    </message>
    <message>
        <source>no longer explained: {notes}</source>
        <translation>不再说明：{notes}</translation>
    </message>
    <message>
        <source>schema: {before} → {after}</source>
        <translation>Schema：{before} → {after}</translation>
    </message>
    <message>
        <source>state: {before} → {after}</source>
        <translation>状态：{before} → {after}</translation>
    </message>
    <message>
        <source>entry {seq}: {what}</source>
        <translation>条目 {seq}：{what}</translation>
    </message>
    <message>
        <source>Re-analysed: entries judged differently now: {n}.</source>
        <translation>已重新分析：现在判定不同的条目数：{n}。</translation>
    </message>
    <message>
        <source>Re-analysed</source>
        <translation>已重新分析</translation>
    </message>
    <message>
        <source>SVG drawing</source>
        <translation>SVG 矢量图</translation>
    </message>
    <message>
        <source>PNG image, 2×</source>
        <translation>PNG 图片，2×</translation>
    </message>
    <message>
        <source>PNG image, 4×</source>
        <translation>PNG 图片，4×</translation>
    </message>
    <message>
        <source>Export sequence diagram</source>
        <translation>导出时序图</translation>
    </message>
    <message>
        <source>Exported rows {first}–{last} of {total} to {path}: one file holds at most {limit} rows. Select the row to start from and export again for the others.</source>
        <translation>已将第 {first}–{last} 行（共 {total} 行）导出到 {path}：一个文件最多容纳 {limit} 行。其余部分请先选中起始行再导出。</translation>
    </message>
    <message>
        <source>Exported all {total} rows to {path}</source>
        <translation>已将全部 {total} 行导出到 {path}</translation>
    </message>
    <message>
        <source>Export diagram</source>
        <translation>导出状态图</translation>
    </message>
    <message>
        <source>no diagram to export</source>
        <translation>没有可导出的图</translation>
    </message>
    <message>
        <source>Lifecycle diagram</source>
        <translation>生命周期图</translation>
    </message>
    <message>
        <source>the picture could not be drawn</source>
        <translation type="vanished">无法绘制图片</translation>
    </message>
    <message>
        <source>the SVG writer failed</source>
        <translation type="vanished">SVG 写入失败</translation>
    </message>
    <message>
        <source>unknown file type: the name must end in .svg or .png</source>
        <translation type="vanished">未知的文件类型：文件名必须以 .svg 或 .png 结尾</translation>
    </message>
</context>
</TS>