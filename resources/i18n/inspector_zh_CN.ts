<?xml version='1.0' encoding='utf-8'?>
<TS version="2.1" language="zh_CN">
<context>
    <name>AnswerDialog</name>
    <message>
        <location filename="../../inspector/ui/client_side.py" line="83" />
        <source>Not sent: the negotiated protocol version's schema rejects this answer.</source>
        <translation>未发送：协商的协议版本的 Schema 不接受这个回答。</translation>
    </message>
</context>
<context>
    <name>ArgumentsEditor</name>
    <message>
        <location filename="../../inspector/ui/schema_form.py" line="1181" />
        <source>Form</source>
        <translation>表单</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/schema_form.py" line="1182" />
        <source>Raw JSON</source>
        <translation>原始 JSON</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/schema_form.py" line="1202" />
        <source>Some of this schema cannot be shown as a form ({0}), so the arguments are edited as raw JSON.</source>
        <translation>此 Schema 有部分内容无法以表单显示（{0}），因此以原始 JSON 编辑参数。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/schema_form.py" line="1264" />
        <source>not JSON: {0}</source>
        <translation>不是 JSON：{0}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/schema_form.py" line="1266" />
        <source>the arguments must be a JSON object</source>
        <translation>参数必须是 JSON 对象</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/schema_form.py" line="1282" />
        <source>valid JSON (no schema to check against)</source>
        <translation>有效的 JSON（没有可用于校验的 Schema）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/schema_form.py" line="1289" />
        <source>valid against the schema</source>
        <translation>符合 Schema</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/schema_form.py" line="1310" />
        <source>fix the JSON before going back to the form: {0}</source>
        <translation>请先修正 JSON，再返回表单：{0}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/schema_form.py" line="1315" />
        <source>The form shows these values differently: {0}.</source>
        <translation>以下值在表单中的显示有所不同：{0}。</translation>
    </message>
</context>
<context>
    <name>CompletionField</name>
    <message>
        <location filename="../../inspector/ui/widgets.py" line="393" />
        <source>{n} suggestion(s)</source>
        <translation>{n} 条建议</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/widgets.py" line="395" />
        <source>{n} of {total} suggestions</source>
        <translation>{n} / {total} 条建议</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/widgets.py" line="397" />
        <source>(more on the server)</source>
        <translation>（服务器上还有更多）</translation>
    </message>
</context>
<context>
    <name>ComposerDialog</name>
    <message>
        <location filename="../../inspector/ui/composer.py" line="128" />
        <source>(choose a method for a template)</source>
        <translation>（选择一个方法作为模板）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/composer.py" line="134" />
        <source>{method} (notification)</source>
        <translation>{method}（通知）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/composer.py" line="135" />
        <source>next free id: {id}</source>
        <translation>下一个可用 id：{id}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/composer.py" line="180" />
        <location filename="../../inspector/ui/composer.py" line="242" />
        <source>Not connected: connect to a server to send messages.</source>
        <translation>未连接：请先连接服务器再发送消息。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/composer.py" line="191" />
        <source>id {id}</source>
        <translation>id {id}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/composer.py" line="193" />
        <source>✓ valid against {definition}</source>
        <translation>✓ 符合 {definition}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/composer.py" line="199" />
        <source>✗ schema {path}: {message}</source>
        <translation>✗ 模式 {path}：{message}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/composer.py" line="212" />
        <source>Send anyway</source>
        <translation>仍然发送</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/composer.py" line="212" />
        <source>Send</source>
        <translation>发送</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/composer.py" line="234" />
        <source>Not JSON, so it cannot be compacted: {why}</source>
        <translation>不是 JSON，无法压缩：{why}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/composer.py" line="246" />
        <source>Over stdio a message is one line: this text is not JSON and has line breaks, so it cannot be sent as it is.</source>
        <translation>通过 stdio 时一条消息就是一行：这段文本不是 JSON 且含有换行，无法原样发送。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/composer.py" line="252" />
        <source>This message breaks the rules shown above. Press “Send anyway” to send it as it is.</source>
        <translation>这条消息违反了上面列出的规则。按“仍然发送”即可原样发送。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/composer.py" line="259" />
        <source>Not sent: {why}</source>
        <translation>未发送：{why}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/composer.py" line="261" />
        <source>Sent as entry {seq}; its answer, if any, is paired in the timeline.</source>
        <translation>已作为条目 {seq} 发送；若有应答，会在时间线中与之配对。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/composer.py" line="277" />
        <source>Compose a message</source>
        <translation>编写消息</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/composer.py" line="278" />
        <source>Template</source>
        <translation>模板</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/composer.py" line="279" />
        <source>Any text: valid JSON-RPC, malformed, out of order. It is sent as written.</source>
        <translation>任意文本：合法的 JSON-RPC、格式错误的、顺序错乱的都可以。按原样发送。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/composer.py" line="280" />
        <source>Compact to one line</source>
        <translation>压缩为一行</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/composer.py" line="281" />
        <source>Send the text to the server as it is (Ctrl+Enter)</source>
        <translation>把文本原样发送给服务器（Ctrl+Enter）</translation>
    </message>
</context>
<context>
    <name>ConnectionPanel</name>
    <message>
        <location filename="../../inspector/ui/connection.py" line="480" />
        <source>Saved servers</source>
        <translation>已保存的服务器</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/connection.py" line="482" />
        <source>New</source>
        <translation>新建</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/connection.py" line="483" />
        <source>Duplicate</source>
        <translation>复制</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/connection.py" line="484" />
        <source>Delete</source>
        <translation>删除</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/connection.py" line="497" />
        <source>Servers</source>
        <translation>服务器</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/connection.py" line="48" />
        <source>(unnamed)</source>
        <translation>（未命名）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/connection.py" line="537" />
        <source>New server</source>
        <translation>新服务器</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/connection.py" line="548" />
        <source>{name} (copy)</source>
        <translation>{name}（副本）</translation>
    </message>
</context>
<context>
    <name>ContentCard</name>
    <message>
        <location filename="../../inspector/ui/panels/resources.py" line="319" />
        <source>(no uri)</source>
        <translation>（无 URI）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/resources.py" line="322" />
        <source>Save…</source>
        <translation>保存…</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/resources.py" line="323" />
        <source>Write these bytes to a file</source>
        <translation>将这些字节写入文件</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/resources.py" line="328" />
        <source>text</source>
        <translation>文本</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/resources.py" line="328" />
        <source>binary (blob)</source>
        <translation>二进制（blob）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/resources.py" line="329" />
        <source>no MIME type</source>
        <translation>无 MIME 类型</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/resources.py" line="349" />
        <source>Showing the first {n} characters; Save keeps everything.</source>
        <translation>仅显示前 {n} 个字符；“保存”会保留全部内容。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/resources.py" line="364" />
        <source>{w} × {h} pixels</source>
        <translation>{w} × {h} 像素</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/resources.py" line="368" />
        <source>Image preview, {w} × {h} pixels</source>
        <translation>图像预览，{w} × {h} 像素</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/resources.py" line="389" />
        <source>Save resource contents</source>
        <translation>保存资源内容</translation>
    </message>
</context>
<context>
    <name>ContentView</name>
    <message>
        <location filename="../../inspector/ui/content.py" line="52" />
        <source>the data is not a string</source>
        <translation>data 不是字符串</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/content.py" line="56" />
        <source>the data is not valid base64 ({0})</source>
        <translation>data 不是有效的 base64（{0}）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/content.py" line="83" />
        <source>for {0}</source>
        <translation>面向 {0}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/content.py" line="85" />
        <source>priority {0}</source>
        <translation>优先级 {0}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/content.py" line="87" />
        <source>modified {0}</source>
        <translation>修改于 {0}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/content.py" line="149" />
        <source>Save…</source>
        <translation>保存…</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/content.py" line="157" />
        <source>Save content</source>
        <translation>保存内容</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/content.py" line="169" />
        <source>could not save: {0}</source>
        <translation>无法保存：{0}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/content.py" line="237" />
        <source>EMPTY</source>
        <translation>空</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/content.py" line="237" />
        <source>no content blocks</source>
        <translation>没有内容块</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/content.py" line="264" />
        <source>not a content block object</source>
        <translation>不是内容块对象</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/content.py" line="278" />
        <source>could not show this block: {0}</source>
        <translation>无法显示此内容块：{0}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/content.py" line="286" />
        <location filename="../../inspector/ui/content.py" line="290" />
        <source>TEXT</source>
        <translation>文本</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/content.py" line="287" />
        <source>the text member is missing or not a string</source>
        <translation>缺少 text 成员，或其不是字符串</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/content.py" line="289" />
        <source>{0} characters</source>
        <translation>{0} 个字符</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/content.py" line="320" />
        <location filename="../../inspector/ui/content.py" line="326" />
        <location filename="../../inspector/ui/content.py" line="339" />
        <source>IMAGE</source>
        <translation>图像</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/content.py" line="327" />
        <source>the data is not an image Qt can read ({0})</source>
        <translation>data 不是 Qt 能读取的图像（{0}）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/content.py" line="354" />
        <source>shown at {0}×</source>
        <translation>按 {0}× 显示</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/content.py" line="357" />
        <source>shown at {0}%</source>
        <translation>按 {0}% 显示</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/content.py" line="367" />
        <location filename="../../inspector/ui/content.py" line="382" />
        <source>AUDIO</source>
        <translation>音频</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/content.py" line="375" />
        <source>{0:.2f} s</source>
        <translation>{0:.2f} 秒</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/content.py" line="376" />
        <source>{0} Hz, {1} ch, {2}-bit</source>
        <translation>{0} Hz，{1} 声道，{2} 位</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/content.py" line="378" />
        <source>WAV header not readable</source>
        <translation>无法读取 WAV 头</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/content.py" line="390" />
        <location filename="../../inspector/ui/content.py" line="420" />
        <source>RESOURCE</source>
        <translation>资源</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/content.py" line="391" />
        <source>the resource member is missing or not an object</source>
        <translation>缺少 resource 成员，或其不是对象</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/content.py" line="401" />
        <source>text, {0} characters</source>
        <translation>文本，{0} 个字符</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/content.py" line="410" />
        <source>blob, {0}</source>
        <translation>blob，{0}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/content.py" line="419" />
        <source>the resource has neither text nor blob</source>
        <translation>该资源既没有 text 也没有 blob</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/content.py" line="431" />
        <source>RESOURCE LINK</source>
        <translation>资源链接</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/content.py" line="436" />
        <source>Open {0}</source>
        <translation>打开 {0}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/content.py" line="443" />
        <source>the link has no uri</source>
        <translation>该链接没有 uri</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/content.py" line="448" />
        <source>UNKNOWN: {0}</source>
        <translation>未知：{0}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/content.py" line="448" />
        <source>UNKNOWN</source>
        <translation>未知</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/content.py" line="448" />
        <source>shown as JSON</source>
        <translation>以 JSON 显示</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/content.py" line="460" />
        <source>no outputSchema declared: not checked</source>
        <translation>未声明 outputSchema：未校验</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/content.py" line="463" />
        <source>the tool declares an outputSchema but returned no structuredContent</source>
        <translation>该工具声明了 outputSchema，却未返回 structuredContent</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/content.py" line="469" />
        <source>matches the outputSchema</source>
        <translation>符合 outputSchema</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/content.py" line="471" />
        <source>does not match the outputSchema {0}</source>
        <translation>不符合 outputSchema（{0}）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/content.py" line="475" />
        <source>STRUCTURED CONTENT</source>
        <translation>结构化内容</translation>
    </message>
</context>
<context>
    <name>ContentsView</name>
    <message>
        <location filename="../../inspector/ui/panels/resources.py" line="431" />
        <location filename="../../inspector/ui/panels/resources.py" line="441" />
        <source>Select a resource and press Read.</source>
        <translation>选择一个资源，然后点击“读取”。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/resources.py" line="448" />
        <source>The server returned no contents.</source>
        <translation>服务器未返回任何内容。</translation>
    </message>
</context>
<context>
    <name>Conversation</name>
    <message>
        <location filename="../../inspector/ui/panels/prompts.py" line="86" />
        <location filename="../../inspector/ui/panels/prompts.py" line="100" />
        <source>Press Get to fetch the prompt's messages.</source>
        <translation>点击“获取提示”以获取该提示的消息。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/prompts.py" line="104" />
        <source>The prompt has no messages.</source>
        <translation>该提示没有消息。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/prompts.py" line="107" />
        <source>Description: {text}</source>
        <translation>描述：{text}</translation>
    </message>
</context>
<context>
    <name>DetailPane</name>
    <message>
        <location filename="../../inspector/ui/detail.py" line="874" />
        <source>Hex</source>
        <translation>十六进制</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="875" />
        <source>Show a hex dump of the exact bytes, line terminator included</source>
        <translation>以十六进制转储显示原始字节（含行结束符）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="876" />
        <source>Save bytes…</source>
        <translation>保存字节…</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="877" />
        <source>Write the exact bytes of this entry to a file</source>
        <translation>将此条目的原始字节原样写入文件</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="878" />
        <source>Show all</source>
        <translation>全部显示</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="879" />
        <source>Show the whole line (may take several seconds for many MiB)</source>
        <translation>显示整行（行长达数 MiB 时可能需要几秒钟）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="880" />
        <source>JSON</source>
        <translation>JSON</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="884" />
        <source>Expand</source>
        <translation>展开</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="885" />
        <source>Expand the selected node (or the whole message) three levels deep</source>
        <translation>将所选节点（或整条消息）向下展开三层</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="886" />
        <source>Collapse</source>
        <translation>折叠</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="887" />
        <source>Key</source>
        <translation>键</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="887" />
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="888" />
        <source>Select an entry in the timeline to see its bytes and what the inspector found.</source>
        <translation>在时间线中选择一个条目，即可查看其原始字节和检查结果。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="426" />
        <source>{t} s</source>
        <translation>{t} 秒</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="430" />
        <source>id {id}</source>
        <translation>id {id}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="431" />
        <source>{n} bytes</source>
        <translation>{n} 字节</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="433" />
        <source>latency {ms}</source>
        <translation>延迟 {ms}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="434" />
        <source>state after: {state}</source>
        <translation>此后状态：{state}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="442" />
        <source>Go to response #{seq}</source>
        <translation>转到响应 #{seq}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="444" />
        <source>Go to request #{seq}</source>
        <translation>转到请求 #{seq}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="514" />
        <source>⚠ {rule}  ({severity})</source>
        <translation>⚠ {rule}（{severity}）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="520" />
        <source>Spec: {section}</source>
        <translation>规范：{section}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="526" />
        <source>✗ Invalid against the JSON Schema</source>
        <translation>✗ 不符合 JSON Schema</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="528" />
        <source> (checked as {definition})</source>
        <translation>（按 {definition} 校验）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="539" />
        <source>Show all schema errors</source>
        <translation>显示全部 Schema 错误</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="540" />
        <source>Validate again and list every error, not only the first</source>
        <translation>重新校验并列出所有错误，而不只是第一个</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="549" />
        <source>Path</source>
        <translation>路径</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="549" />
        <location filename="../../inspector/ui/detail.py" line="881" />
        <source>Message</source>
        <translation>消息</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="561" />
        <source>✓ Valid against the JSON Schema; no protocol rule broken</source>
        <translation>✓ 符合 JSON Schema，未违反任何协议规则</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="566" />
        <source>Problem: {problem}</source>
        <translation>问题：{problem}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="573" />
        <source>Lifecycle: {src} → {dst}</source>
        <translation>生命周期：{src} → {dst}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="577" />
        <source>   failure edge</source>
        <translation>   （失败转换）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="586" />
        <source>The whole exchange, headers included, is in the HTTP tab.</source>
        <translation>完整的交换（含请求头和响应头）见“HTTP”标签页。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="593" />
        <source>event: {event}</source>
        <translation>事件：{event}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="596" />
        <source>exit code: {code}</source>
        <translation>退出码：{code}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="599" />
        <source>signal: {signal}</source>
        <translation>信号：{signal}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="601" />
        <source>pid: {pid}</source>
        <translation>PID：{pid}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="603" />
        <source>Process</source>
        <translation>进程</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="605" />
        <source>What the HTTP transport noted beside the messages (a request that failed, a stream that ended).</source>
        <translation>HTTP 传输在消息之外记下的内容（失败的请求、结束的流）。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="607" />
        <source>The body of an HTTP answer that is no message (its exchange is the HTTP event before it).</source>
        <translation>一个不是消息的 HTTP 响应体（它所属的交换是前面的那条 HTTP 事件）。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="999" />
        <source>Exchange (entry {seq})</source>
        <translation>交换（条目 {seq}）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="1005" />
        <source>(body: the message of entry {seq})</source>
        <translation>（请求体：条目 {seq} 的消息）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="1008" />
        <source>(no answer)</source>
        <translation>（无响应）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="1015" />
        <source>(body: {n} bytes)</source>
        <translation>（响应体：{n} 字节）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="1017" />
        <source>JSON-RPC error code in the body: {code}</source>
        <translation>响应体中的 JSON-RPC 错误码：{code}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="1024" />
        <source>This message</source>
        <translation>本条消息</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="1026" />
        <source>channel: {channel}</source>
        <translation>通道：{channel}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="1028" />
        <source>content type: {type}</source>
        <translation>内容类型：{type}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="609" />
        <source>A line the server wrote to stderr (not part of the protocol).</source>
        <translation>服务器写入 stderr 的一行（不属于协议消息）。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="640" />
        <source>{n} more errors not listed</source>
        <translation>另有 {n} 个错误未列出</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="654" />
        <source>not a JSON-RPC message: no schema applies</source>
        <translation>不是 JSON-RPC 消息：没有适用的 Schema</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="656" />
        <source>the protocol version of this session is unknown</source>
        <translation>本会话的协议版本未知</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="663" />
        <source>no schema for protocol version {version}</source>
        <translation>没有协议版本 {version} 的 Schema</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="676" />
        <source>valid against the schema of {version}</source>
        <translation>符合 {version} 的 Schema</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="681" />
        <source>{n} schema errors ({version})</source>
        <translation>{n} 个 Schema 错误（{version}）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="873" />
        <source>Raw bytes</source>
        <translation>原始字节</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="971" />
        <location filename="../../inspector/ui/detail.py" line="977" />
        <source>HTTP: {exchange}</source>
        <translation>HTTP：{exchange}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="980" />
        <source>channel {channel}</source>
        <translation>通道 {channel}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="984" />
        <source>SSE id {id}</source>
        <translation>SSE id {id}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="986" />
        <source>SSE event {event}</source>
        <translation>SSE 事件 {event}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="988" />
        <source>retry {ms} ms</source>
        <translation>重连间隔 {ms} 毫秒</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="694" />
        <source>{n} B</source>
        <translation>{n} B</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="699" />
        <source>invalid UTF-8 at byte {at}</source>
        <translation>第 {at} 字节处 UTF-8 无效</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="701" />
        <source>ends with CR LF</source>
        <translation>CR LF 结尾</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="703" />
        <source>ends with LF</source>
        <translation>LF 结尾</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="705" />
        <source>no line terminator</source>
        <translation>无行尾符</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="728" />
        <source>showing {shown} of {total}</source>
        <translation>已显示 {shown}，共 {total}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="730" />
        <source> (the hex dump stops here; Save bytes… writes them all)</source>
        <translation>（十六进制转储到此为止；“保存字节…”可写出全部字节）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="740" />
        <source>Save the exact bytes of entry #{seq}</source>
        <translation>保存条目 #{seq} 的原始字节</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="768" />
        <source>JSON ({what})</source>
        <translation>JSON（{what}）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="822" />
        <source>{n} more — double-click to show</source>
        <translation>还有 {n} 项 — 双击显示</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="882" />
        <source>HTTP</source>
        <translation>HTTP</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="883" />
        <source>The HTTP exchange this entry travelled in: request, response, headers (secret values masked)</source>
        <translation>本条目所经过的 HTTP 交换：请求、响应、头部（机密值已遮蔽）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="923" />
        <source>[{n} characters]</source>
        <translation>[{n} 个字符]</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="935" />
        <source>{{{n} keys}}</source>
        <translation>{{{n} 个键}}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="935" />
        <source>{1 key}</source>
        <translation>{1 个键}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="936" />
        <source>[{n} items]</source>
        <translation>[{n} 项]</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="936" />
        <source>[1 item]</source>
        <translation>[1 项]</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="948" />
        <source>error</source>
        <translation>错误</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="949" />
        <source>warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="950" />
        <source>info</source>
        <translation>提示</translation>
    </message>
</context>
<context>
    <name>ElicitationDialog</name>
    <message>
        <location filename="../../inspector/ui/client_side.py" line="434" />
        <source>The server</source>
        <translation>服务器</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/client_side.py" line="436" />
        <source>{server} asks you to open a link</source>
        <translation>{server} 请求打开一个链接</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/client_side.py" line="438" />
        <source>{server} asks for information</source>
        <translation>{server} 请求提供信息</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/client_side.py" line="461" />
        <source>* required. Servers must not ask for passwords or secrets in a form; such requests belong in URL mode.</source>
        <translation>* 为必填项。服务器不得通过表单索取密码或其他机密信息；此类请求应使用 URL 模式。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/client_side.py" line="466" />
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/client_side.py" line="467" />
        <source>Dismiss without a choice: {action}</source>
        <translation>不作选择直接关闭：{action}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/client_side.py" line="468" />
        <source>Decline</source>
        <translation>拒绝</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/client_side.py" line="469" />
        <source>Refuse explicitly: {action}</source>
        <translation>明确拒绝：{action}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/client_side.py" line="470" />
        <source>Accept</source>
        <translation>接受</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/client_side.py" line="473" />
        <source>Send the form's content</source>
        <translation>发送表单内容</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/client_side.py" line="473" />
        <source>Consent to the out-of-band step (no content is sent)</source>
        <translation>同意进行带外步骤（不发送任何内容）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/client_side.py" line="495" />
        <source>Link</source>
        <translation>链接</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/client_side.py" line="498" />
        <source>(no host)</source>
        <translation>（无主机）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/client_side.py" line="509" />
        <source>The whole URL, exactly as the server sent it</source>
        <translation>完整 URL，与服务器发送的完全一致</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/client_side.py" line="510" />
        <source>Site</source>
        <translation>站点</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/client_side.py" line="511" />
        <source>Full URL</source>
        <translation>完整 URL</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/client_side.py" line="512" />
        <source>Open in browser</source>
        <translation>在浏览器中打开</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/client_side.py" line="513" />
        <source>Open this URL in your web browser (only when you click here)</source>
        <translation>在网页浏览器中打开此 URL（仅在点击此处时）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/client_side.py" line="515" />
        <source>The inspector opens the link only when you click Open in browser.</source>
        <translation>只有点击“在浏览器中打开”时，检查器才会打开该链接。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/client_side.py" line="519" />
        <source>Only http and https links can be opened; this one is {scheme}.</source>
        <translation>只能打开 http 和 https 链接；此链接为 {scheme}。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/client_side.py" line="519" />
        <source>not a URL</source>
        <translation>不是 URL</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/client_side.py" line="530" />
        <source>Cancelled automatically in {time} if unanswered</source>
        <translation>若未答复，将在 {time} 后自动取消</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/client_side.py" line="541" />
        <source>Opened in your browser.</source>
        <translation>已在浏览器中打开。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/client_side.py" line="541" />
        <source>The system could not open the link; copy it from above.</source>
        <translation>系统无法打开该链接；请从上方复制。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/client_side.py" line="563" />
        <source>Answers in this protocol version carry whole numbers only: enter a whole number.</source>
        <translation>此协议版本的回答只能携带整数：请输入整数。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/client_side.py" line="565" />
        <source>This protocol version cannot carry this value in an answer: {why}</source>
        <translation>此协议版本的回答中不能携带这个值：{why}</translation>
    </message>
</context>
<context>
    <name>ElicitationForm</name>
    <message>
        <location filename="../../inspector/ui/client_side.py" line="165" />
        <source>The server asked for no fields: Accept sends empty content.</source>
        <translation>服务器未请求任何字段：“接受”将发送空内容。</translation>
    </message>
</context>
<context>
    <name>EnvTable</name>
    <message>
        <location filename="../../inspector/ui/connection.py" line="59" />
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/connection.py" line="59" />
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/connection.py" line="59" />
        <source>Secret</source>
        <translation>保密</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/connection.py" line="86" />
        <source>Secret: masked on screen and never written to servers.json or recordings</source>
        <translation>保密：屏幕上以掩码显示，且绝不写入 servers.json 或会话记录</translation>
    </message>
</context>
<context>
    <name>Eras</name>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="38" />
        <source>legacy</source>
        <extracomment>Era names as the status bar shows them.</extracomment>
        <translation>旧版</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="39" />
        <source>modern</source>
        <translation>新版</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="40" />
        <source>auto</source>
        <translation>自动</translation>
    </message>
</context>
<context>
    <name>Events</name>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="547" />
        <source>spawned</source>
        <extracomment>Names of process and session events (extra["event"]) as people read them; the recording and the method filter keep the names themselves.</extracomment>
        <translation>已启动</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="548" />
        <source>spawn failed</source>
        <translation>启动失败</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="549" />
        <source>stdin closed</source>
        <translation>已关闭 stdin</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="550" />
        <source>waiting</source>
        <translation>等待中</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="551" />
        <source>SIGTERM sent</source>
        <translation>已发送 SIGTERM</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="552" />
        <source>SIGKILL sent</source>
        <translation>已发送 SIGKILL</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="553" />
        <source>stdout closed</source>
        <translation>stdout 已关闭</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="554" />
        <source>stderr closed</source>
        <translation>stderr 已关闭</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="555" />
        <source>exited</source>
        <translation>已退出</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="556" />
        <source>group survived</source>
        <translation>进程组仍有残留</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="557" />
        <source>SIGTERM to the group</source>
        <translation>向进程组发送 SIGTERM</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="558" />
        <source>SIGKILL to the group</source>
        <translation>向进程组发送 SIGKILL</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="559" />
        <source>group gone</source>
        <translation>进程组已清空</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="560" />
        <source>connected</source>
        <translation>已连接</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="561" />
        <source>HTTP exchange</source>
        <translation>HTTP 交换</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="562" />
        <source>session expired</source>
        <translation>会话已过期</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="563" />
        <source>closing the session</source>
        <translation>正在关闭会话</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="564" />
        <source>disconnected</source>
        <translation>已断开</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="565" />
        <source>POST endpoint</source>
        <translation>POST 端点</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="566" />
        <source>answer stream closed</source>
        <translation>已关闭应答流</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="567" />
        <source>falling back to HTTP+SSE</source>
        <translation>回退到 HTTP+SSE</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="568" />
        <source>answer stream ended early</source>
        <translation>应答流提前结束</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="569" />
        <source>timeout</source>
        <translation>超时</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="570" />
        <source>inspector error</source>
        <translation>检查器错误</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="571" />
        <source>signal received</source>
        <translation>收到信号</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="572" />
        <source>unreadable line</source>
        <translation>无法读取的行</translation>
    </message>
</context>
<context>
    <name>FailureBanner</name>
    <message>
        <location filename="../../inspector/ui/banner.py" line="24" />
        <source>the server answered initialize with an error</source>
        <extracomment>The engine's outcome codes (protocol.engine.OUTCOMES) in words to translate.</extracomment>
        <translation>服务器对 initialize 返回了错误</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/banner.py" line="25" />
        <source>the server negotiated protocol version {version}, which the client does not support</source>
        <translation>服务器协商的协议版本为 {version}，客户端不支持该版本</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/banner.py" line="26" />
        <source>no common modern protocol version (server supports {versions})</source>
        <translation>没有共同的新版协议版本（服务器支持 {versions}）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/banner.py" line="27" />
        <source>server/discover failed with error {code}</source>
        <translation>server/discover 失败，错误码 {code}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/banner.py" line="28" />
        <source>the server did not answer initialize in time</source>
        <translation>服务器未及时响应 initialize</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/banner.py" line="29" />
        <source>the server did not answer server/discover in time</source>
        <translation>服务器未及时响应 server/discover</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/banner.py" line="30" />
        <source>the server exited before the session was established</source>
        <translation>服务器在会话建立之前退出</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/banner.py" line="31" />
        <source>the server exited during the session</source>
        <translation>服务器在会话期间退出</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/banner.py" line="32" />
        <source>the server refused initialize with HTTP {code}</source>
        <translation>服务器以 HTTP {code} 拒绝了 initialize</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/banner.py" line="33" />
        <source>the server wants authorization (HTTP 401); resource metadata: {metadata}</source>
        <translation>服务器要求授权（HTTP 401）；资源元数据：{metadata}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/banner.py" line="38" />
        <source>cannot start the server: the command is empty</source>
        <extracomment>Why a server could not be started (transport.base.SPAWN_REASONS) in words to translate.</extracomment>
        <translation>无法启动服务器：命令为空</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/banner.py" line="39" />
        <source>cannot start {program!r}: the working directory {cwd!r} does not exist</source>
        <translation>无法启动 {program!r}：工作目录 {cwd!r} 不存在</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/banner.py" line="40" />
        <source>cannot start {program!r}: the working directory {cwd!r} is not a directory</source>
        <translation>无法启动 {program!r}：工作目录 {cwd!r} 不是目录</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/banner.py" line="41" />
        <source>cannot start {program!r}: the working directory {cwd!r} cannot be entered (permission denied)</source>
        <translation>无法启动 {program!r}：无法进入工作目录 {cwd!r}（权限不足）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/banner.py" line="42" />
        <source>cannot start {program!r}: the working directory {cwd!r} cannot be entered ({detail})</source>
        <translation>无法启动 {program!r}：无法进入工作目录 {cwd!r}（{detail}）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/banner.py" line="43" />
        <source>cannot start {program!r}: no such file or directory (looked up on PATH)</source>
        <translation>无法启动 {program!r}：找不到该文件或目录（已在 PATH 中查找）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/banner.py" line="44" />
        <source>cannot start {program!r}: no such file or directory</source>
        <translation>无法启动 {program!r}：找不到该文件或目录</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/banner.py" line="45" />
        <source>cannot start {program!r}: it is a directory, not a program</source>
        <translation>无法启动 {program!r}：这是一个目录，不是程序</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/banner.py" line="46" />
        <source>cannot start {program!r}: permission denied (is the file executable?)</source>
        <translation>无法启动 {program!r}：权限不足（该文件是否可执行？）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/banner.py" line="47" />
        <source>cannot start {program!r}: a component of the path is not a directory</source>
        <translation>无法启动 {program!r}：路径中的某一部分不是目录</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/banner.py" line="48" />
        <source>cannot start {program!r}: not a program this system can run (a script needs a '#!' line)</source>
        <translation>无法启动 {program!r}：不是本系统能运行的程序（脚本需要 '#!' 行）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/banner.py" line="49" />
        <source>cannot start {program!r}: {detail}</source>
        <translation>无法启动 {program!r}：{detail}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/banner.py" line="101" />
        <source>killed by signal {n}</source>
        <translation>被信号 {n} 终止</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/banner.py" line="103" />
        <source>exit code {n}</source>
        <translation>退出码 {n}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/banner.py" line="107" />
        <source>the server ended by itself ({how})</source>
        <translation>服务器自行结束（{how}）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/banner.py" line="116" />
        <source>The session failed: {why}</source>
        <translation>会话失败：{why}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/banner.py" line="126" />
        <source>The server: {how}</source>
        <translation>服务器：{how}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/banner.py" line="129" />
        <source>Its last stderr lines:</source>
        <translation>服务器最后的 stderr 输出：</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/banner.py" line="139" />
        <source>Show in timeline</source>
        <translation>在时间线中显示</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/banner.py" line="140" />
        <source>Hide until the next failure</source>
        <translation>隐藏，直到下一次失败</translation>
    </message>
</context>
<context>
    <name>FeaturePanel</name>
    <message>
        <location filename="../../inspector/ui/panels/base.py" line="121" />
        <source>Cancelled.</source>
        <extracomment>Below this width a panel's list goes above its details instead of beside them.</extracomment>
        <translation>已取消。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/base.py" line="126" />
        <source>The inspector failed on what the server sent ({0}); it is recorded in the timeline.</source>
        <translation>检查器处理服务器发来的内容时出错（{0}）；已记录在时间线中。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/text.py" line="116" />
        <source>a page had no {key} array</source>
        <translation>有一页没有 {key} 数组</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/text.py" line="118" />
        <source>nextCursor {value} is not a non-empty string; stopped paging</source>
        <translation>nextCursor {value} 不是非空字符串；已停止翻页</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/text.py" line="120" />
        <source>The server repeated the cursor {0}; stopped paging.</source>
        <translation>服务器重复了游标 {0}；已停止翻页。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/text.py" line="122" />
        <source>{n} entries left out (not objects, or missing what they need)</source>
        <translation>{n} 个条目被略过（不是对象，或缺少必需的内容）</translation>
    </message>
</context>
<context>
    <name>Languages</name>
    <message>
        <location filename="../../inspector/ui/app.py" line="44" />
        <source>Follow the system</source>
        <translation>跟随系统</translation>
    </message>
</context>
<context>
    <name>LifecycleDiagram</name>
    <message>
        <location filename="../../inspector/ui/diagram.py" line="1403" />
        <source>Lifecycle diagram</source>
        <translation>生命周期图</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/diagram.py" line="1404" />
        <source>State explanation</source>
        <translation>状态说明</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/diagram.py" line="1405" />
        <source>Close the explanation (Esc)</source>
        <translation>关闭说明（Esc）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/diagram.py" line="1406" />
        <source>Close explanation</source>
        <translation>关闭说明</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/diagram.py" line="1408" />
        <source>transition</source>
        <translation>转换</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/diagram.py" line="1409" />
        <location filename="../../inspector/ui/diagram.py" line="1446" />
        <source>✗ failure</source>
        <translation>✗ 失败转换</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/diagram.py" line="1410" />
        <location filename="../../inspector/ui/diagram.py" line="1584" />
        <source>current state</source>
        <translation>当前状态</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/diagram.py" line="1411" />
        <source>final state</source>
        <translation>终止状态</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/diagram.py" line="1419" />
        <source>No session. Tab into the diagram and use the arrow keys to explore the states; Enter explains one.</source>
        <translation>暂无会话。按 Tab 键进入状态图，用方向键浏览各个状态，按 Enter 键查看说明。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/diagram.py" line="1421" />
        <source>Current state: {state}.</source>
        <translation>当前状态：{state}。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/diagram.py" line="1423" />
        <source>Last transition: {label}, from {src} to {dst}.</source>
        <translation>上一次转换：{label}，从{src}到{dst}。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/diagram.py" line="1432" />
        <source>(current state)</source>
        <translation>（当前状态）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/diagram.py" line="1434" />
        <source>Spec: {section}</source>
        <translation>规范：{section}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/diagram.py" line="1438" />
        <source>Transitions from here:</source>
        <translation>从此状态出发的转换：</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/diagram.py" line="1441" />
        <source>on “{label}” → stays in {target}</source>
        <translation>事件“{label}” → 仍为{target}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/diagram.py" line="1443" />
        <source>on “{label}” → {target}</source>
        <translation>事件“{label}” → {target}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/diagram.py" line="1449" />
        <source>A final state: the session has ended.</source>
        <translation>终止状态：会话已结束。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/diagram.py" line="1585" />
        <source>Click to see what may happen in this state.</source>
        <translation>点击查看此状态下可能发生什么。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/diagram.py" line="1816" />
        <source>No lifecycle machine selected</source>
        <translation>未选择生命周期状态机</translation>
    </message>
</context>
<context>
    <name>LogModel</name>
    <message>
        <location filename="../../inspector/ui/panels/logs.py" line="147" />
        <source>Time (s)</source>
        <translation>时间（秒）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/logs.py" line="147" />
        <source>Level</source>
        <translation>级别</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/logs.py" line="147" />
        <source>Logger</source>
        <translation>记录器</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/logs.py" line="147" />
        <source>Data</source>
        <translation>数据</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/logs.py" line="266" />
        <source>Entry #{seq} · {level} · logger {logger}</source>
        <translation>条目 #{seq} · {level} · 记录器 {logger}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/logs.py" line="268" />
        <source>Not a log level the protocol defines.</source>
        <translation>不是协议定义的日志级别。</translation>
    </message>
</context>
<context>
    <name>LogsPanel</name>
    <message>
        <location filename="../../inspector/ui/panels/logs.py" line="508" />
        <source>Show</source>
        <translation>显示</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/logs.py" line="510" />
        <source>{level} and above</source>
        <translation>{level} 及以上</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/logs.py" line="511" />
        <source>Hide messages below this level (only the view: the server keeps sending them)</source>
        <translation>隐藏低于此级别的消息（仅影响显示：服务器仍会继续发送）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/logs.py" line="512" />
        <source>Clear view</source>
        <translation>清空视图</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/logs.py" line="513" />
        <source>Empty this list; the recording and the timeline keep every message</source>
        <translation>清空此列表；会话记录和时间线仍保留所有消息</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/logs.py" line="514" />
        <source>Server level</source>
        <translation>服务器级别</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/logs.py" line="515" />
        <source>The lowest level the server should send</source>
        <translation>服务器应发送的最低级别</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/logs.py" line="516" />
        <source>Set server level</source>
        <translation>设置服务器级别</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/logs.py" line="396" />
        <source>Logs</source>
        <translation>日志</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/logs.py" line="415" />
        <source>Requests carry io.modelcontextprotocol/logLevel = {level} in _meta.</source>
        <translation>请求在 _meta 中携带 io.modelcontextprotocol/logLevel = {level}。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/logs.py" line="419" />
        <source>Requests carry no log level in _meta, so a 2026-07-28 server sends no log messages. Set one: it applies to the next requests.</source>
        <translation>请求的 _meta 中没有日志级别，因此 2026-07-28 版服务器不会发送日志消息。设置级别后，将应用于之后的请求。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/logs.py" line="423" />
        <source>Not set by this client yet (logging/setLevel); the server uses its own default.</source>
        <translation>本客户端尚未设置（logging/setLevel）；服务器使用其自身的默认级别。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/logs.py" line="437" />
        <source>none (no log messages)</source>
        <translation>无（不接收日志）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/logs.py" line="443" />
        <source>2026-07-28 has no logging/setLevel: the level goes into each request's _meta (io.modelcontextprotocol/logLevel)</source>
        <translation>2026-07-28 没有 logging/setLevel：级别放在每个请求的 _meta 中（io.modelcontextprotocol/logLevel）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/logs.py" line="446" />
        <source>Send logging/setLevel: the server sends messages at this level and above</source>
        <translation>发送 logging/setLevel：服务器将发送此级别及以上的消息</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/logs.py" line="468" />
        <source>Level {level}: applies to the next requests (io.modelcontextprotocol/logLevel in their _meta).</source>
        <translation>级别 {level}：应用于之后的请求（在其 _meta 中携带 io.modelcontextprotocol/logLevel）。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/logs.py" line="471" />
        <source>No log level: the next requests ask for no log messages.</source>
        <translation>无日志级别：之后的请求不索取日志消息。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/logs.py" line="473" />
        <source>Sending logging/setLevel {level}…</source>
        <translation>正在发送 logging/setLevel {level}…</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/logs.py" line="482" />
        <source>Server level: {level} (logging/setLevel answered).</source>
        <translation>服务器级别：{level}（logging/setLevel 已响应）。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/logs.py" line="487" />
        <source>logging/setLevel failed: {code} {message}</source>
        <translation>logging/setLevel 失败：{code} {message}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/logs.py" line="499" />
        <source>{n} messages</source>
        <translation>{n} 条消息</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/logs.py" line="499" />
        <source>1 message</source>
        <translation>1 条消息</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/logs.py" line="501" />
        <source>{n} messages, {shown} shown</source>
        <translation>{n} 条消息，显示 {shown} 条</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="81" />
        <location filename="../../inspector/ui/main_window.py" line="342" />
        <source>MCP Session Inspector</source>
        <extracomment>Files at least this large show a progress dialog while they open.</extracomment>
        <translation>MCP 会话检查器</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="121" />
        <source>Connect</source>
        <translation>连接</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="123" />
        <source>Start the selected server and run the start sequence (Ctrl+Enter)</source>
        <translation>启动所选服务器并执行启动序列（Ctrl+Enter）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="125" />
        <source>Disconnect</source>
        <translation>断开连接</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="127" />
        <source>Shut the server down per spec: close stdin, wait, SIGTERM, SIGKILL (Ctrl+Shift+Enter)</source>
        <translation>按规范关闭服务器：关闭 stdin，等待，再依次发送 SIGTERM、SIGKILL（Ctrl+Shift+Enter）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="129" />
        <source>Step</source>
        <translation>单步</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="132" />
        <source>Step mode: each start-sequence message waits for Continue (Ctrl+T)</source>
        <translation>单步模式：启动序列中的每条消息都要点击“继续”后才发送（Ctrl+T）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="133" />
        <source>Continue</source>
        <translation>继续</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="135" />
        <source>Send the waiting message (F8)</source>
        <translation>发送等待中的消息（F8）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="137" />
        <source>Follow live</source>
        <translation>实时跟随</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="141" />
        <source>The diagram follows the newest entry instead of the selected row (Ctrl+L)</source>
        <translation>状态图跟随最新条目，而不是所选行（Ctrl+L）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="143" />
        <source>Open recording…</source>
        <translation>打开记录…</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="146" />
        <source>Save recording…</source>
        <translation>保存记录…</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="149" />
        <source>Compose…</source>
        <translation>编写…</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="151" />
        <source>Write a message of your own and send it as it is: valid, malformed or out of order (Ctrl+M)</source>
        <translation>自己编写一条消息并原样发送：合法、格式错误或顺序错乱皆可（Ctrl+M）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="153" />
        <source>Ping</source>
        <translation>Ping</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="154" />
        <source>Send ping and show how long the answer took (handshake era)</source>
        <translation>发送 ping 并显示应答耗时（握手时代）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="156" />
        <source>Export transcript…</source>
        <translation>导出记录稿…</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="157" />
        <source>A handout of the session: Markdown or a self-contained HTML page, in the window's language</source>
        <translation>会话讲义：Markdown 或独立的 HTML 页面，使用窗口当前的语言</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="159" />
        <source>Export diagram…</source>
        <translation>导出状态图…</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="160" />
        <source>The lifecycle diagram as it is drawn now, as SVG or PNG</source>
        <translation>按当前绘制的样子导出生命周期图，格式为 SVG 或 PNG</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="162" />
        <source>Presenter</source>
        <translation>演示模式</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="165" />
        <source>For a projector: larger diagram, step bar and timeline, side panels hidden, lesson notes for the current state (F11)</source>
        <translation>用于投影：放大状态图、单步栏和时间线，隐藏侧边面板，显示当前状态的讲解（F11）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="168" />
        <source>Export sequence diagram…</source>
        <translation>导出时序图…</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="169" />
        <source>The sequence diagram of the rows the timeline shows, as SVG or PNG</source>
        <translation>把时间线所显示各行的时序图导出为 SVG 或 PNG</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="171" />
        <source>Re-analyse with the current rules</source>
        <translation>用当前规则重新分析</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="172" />
        <source>Judge the opened recording again with this inspector's rules and schemas, and show what came out differently</source>
        <translation>用本检查器当前的规则和模式重新判定打开的记录，并显示结论不同之处</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="174" />
        <source>Quit</source>
        <translation>退出</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="178" />
        <source>Session</source>
        <translation>会话</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="191" />
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="202" />
        <source>&amp;Session</source>
        <translation>会话(&amp;S)</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="208" />
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="211" />
        <source>Reset layout</source>
        <translation>重置布局</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="212" />
        <source>Put the docks and toolbar back where the window starts with them</source>
        <translation>将停靠面板和工具栏恢复到窗口初始的位置</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="216" />
        <source>Language</source>
        <translation>语言</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="225" />
        <source>Theme</source>
        <translation>主题</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="228" />
        <source>Follow the system</source>
        <translation>跟随系统</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="228" />
        <source>Light</source>
        <translation>浅色</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="228" />
        <source>Dark</source>
        <translation>深色</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="238" />
        <location filename="../../inspector/ui/main_window.py" line="344" />
        <source>Connection</source>
        <translation>连接</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="247" />
        <location filename="../../inspector/ui/main_window.py" line="345" />
        <source>Features</source>
        <translation>功能</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="271" />
        <location filename="../../inspector/ui/main_window.py" line="363" />
        <source>Details</source>
        <translation>详情</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="272" />
        <location filename="../../inspector/ui/main_window.py" line="364" />
        <source>Negotiation</source>
        <translation>协商</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="278" />
        <source>Timeline</source>
        <translation>时间线</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="279" />
        <source>Sequence</source>
        <translation>时序图</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="380" />
        <source>Fix the highlighted fields first: </source>
        <translation>请先修正标出的字段：</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="387" />
        <location filename="../../inspector/ui/main_window.py" line="403" />
        <source>Open recording</source>
        <translation>打开会话记录</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="387" />
        <source>Recordings (*.jsonl);;All files (*)</source>
        <translation>会话记录 (*.jsonl);;所有文件 (*)</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="402" />
        <source>Opening {name}…</source>
        <translation>正在打开 {name}…</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="402" />
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="414" />
        <source>Cannot open recording</source>
        <translation>无法打开会话记录</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="420" />
        <source>MCP Session Inspector — {name} (read-only)</source>
        <translation>MCP 会话检查器 — {name}（只读）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="428" />
        <source>One line of {name} could not be read; everything else is shown.</source>
        <translation>{name} 中有一行无法读取；其余内容均已显示。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="430" />
        <source>{n} lines of {name} could not be read; everything else is shown.</source>
        <translation>{name} 中有 {n} 行无法读取；其余内容均已显示。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="431" />
        <source>line {line}: {reason}</source>
        <translation>第 {line} 行：{reason}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="433" />
        <location filename="../../inspector/ui/main_window.py" line="507" />
        <source>… and {n} more</source>
        <translation>……另有 {n} 处</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="434" />
        <source>Parts of the recording could not be read</source>
        <translation>记录的部分内容无法读取</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="436" />
        <source>Opened with {n} unreadable line(s); see the message.</source>
        <translation>已打开，有 {n} 行无法读取；详见提示。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="440" />
        <source>Nothing to save yet: connect to a server first.</source>
        <translation>还没有可保存的内容：请先连接服务器。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="443" />
        <source>Save recording</source>
        <translation>保存会话记录</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="443" />
        <source>Recordings (*.jsonl)</source>
        <translation>会话记录 (*.jsonl)</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="453" />
        <source>Cannot save recording</source>
        <translation>无法保存会话记录</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="456" />
        <source>Saved {path}</source>
        <translation>已保存 {path}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="461" />
        <source>Nothing to export yet: connect to a server or open a recording first.</source>
        <translation>还没有可导出的内容：请先连接服务器或打开一份记录。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="464" />
        <source>Export transcript</source>
        <translation>导出记录稿</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="464" />
        <source>HTML page (*.html);;Markdown (*.md)</source>
        <translation>HTML 页面 (*.html);;Markdown (*.md)</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="477" />
        <location filename="../../inspector/ui/main_window.py" line="519" />
        <location filename="../../inspector/ui/main_window.py" line="547" />
        <source>Cannot export</source>
        <translation>无法导出</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="479" />
        <location filename="../../inspector/ui/main_window.py" line="521" />
        <location filename="../../inspector/ui/main_window.py" line="549" />
        <source>Exported {path}</source>
        <translation>已导出 {path}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="486" />
        <source>Open a recording first: a live session is judged as it happens.</source>
        <translation>请先打开一份记录：实时会话在发生时即被判定。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="490" />
        <source>(re-analysed)</source>
        <translation>（已重新分析）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="492" />
        <source>Re-analysed: every entry is judged as it was when it was recorded.</source>
        <translation>已重新分析：每个条目的判定都与记录时相同。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="498" />
        <source>now: {rules}</source>
        <translation>现在：{rules}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="500" />
        <source>no longer: {rules}</source>
        <translation>不再：{rules}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="502" />
        <source>schema: {before} → {after}</source>
        <translation>模式：{before} → {after}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="504" />
        <source>state: {before} → {after}</source>
        <translation>状态：{before} → {after}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="505" />
        <source>entry {seq}: {what}</source>
        <translation>条目 {seq}：{what}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="508" />
        <source>Re-analysed: {n} entries are judged differently now.</source>
        <translation>已重新分析：现在有 {n} 个条目的判定不同。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="509" />
        <source>Re-analysed</source>
        <translation>已重新分析</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="513" />
        <source>Export sequence diagram</source>
        <translation>导出时序图</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="525" />
        <source>Export diagram</source>
        <translation>导出状态图</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="513" />
        <location filename="../../inspector/ui/main_window.py" line="525" />
        <source>SVG (*.svg);;PNG (*.png)</source>
        <translation>SVG (*.svg);;PNG (*.png)</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="540" />
        <source>Lifecycle diagram</source>
        <translation>生命周期图</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="571" />
        <source>Cannot save the server list: {why}</source>
        <translation>无法保存服务器列表：{why}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="594" />
        <source>MCP Session Inspector — {name}</source>
        <translation>MCP 会话检查器 — {name}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="704" />
        <source>ping failed: {why}</source>
        <translation>ping 失败：{why}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="707" />
        <source>ping answered in {ms:.1f} ms</source>
        <translation>ping 在 {ms:.1f} 毫秒内得到应答</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="709" />
        <source>ping answered with an error: {error}</source>
        <translation>ping 得到错误应答：{error}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="719" />
        <source>Session failed: {why}</source>
        <translation>会话失败：{why}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="738" />
        <source>server killed by signal {n}</source>
        <translation>服务器被信号 {n} 终止</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="740" />
        <source>server exit code {n}</source>
        <translation>服务器退出码 {n}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="789" />
        <source>Not connected</source>
        <translation>未连接</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="805" />
        <source>State: {s}</source>
        <translation>状态：{s}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="812" />
        <source>Era: {e}  Version: {v}</source>
        <translation>代际：{e}  版本：{v}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="814" />
        <source>{n} entries</source>
        <translation>{n} 个条目</translation>
    </message>
</context>
<context>
    <name>MessageBubble</name>
    <message>
        <location filename="../../inspector/ui/panels/prompts.py" line="57" />
        <source>User</source>
        <translation>用户</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/prompts.py" line="57" />
        <source>Assistant</source>
        <translation>助手</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/prompts.py" line="58" />
        <source>(no role)</source>
        <translation>（无角色）</translation>
    </message>
</context>
<context>
    <name>NegotiationView</name>
    <message>
        <location filename="../../inspector/ui/negotiation.py" line="148" />
        <source>Item</source>
        <translation>项目</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/negotiation.py" line="148" />
        <source>Client offered</source>
        <translation>客户端提供</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/negotiation.py" line="148" />
        <source>Server declared</source>
        <translation>服务器声明</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/negotiation.py" line="171" />
        <source>No negotiation yet: connect to a server.</source>
        <translation>尚未协商：请先连接服务器。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/negotiation.py" line="180" />
        <source>{method} was answered with error {code}: {message}</source>
        <translation>{method} 收到错误响应 {code}：{message}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/negotiation.py" line="185" />
        <source>{method} sent, waiting for the answer.</source>
        <translation>已发送 {method}，正在等待响应。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/negotiation.py" line="187" />
        <source>Negotiated version: {v}</source>
        <translation>协商确定的版本：{v}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/negotiation.py" line="190" />
        <source>Requested version {v}; server supports {s}</source>
        <translation>请求的版本 {v}；服务器支持 {s}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/negotiation.py" line="201" />
        <source>Protocol version</source>
        <translation>协议版本</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/negotiation.py" line="202" />
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/negotiation.py" line="203" />
        <source>Version</source>
        <translation>版本</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/negotiation.py" line="204" />
        <source>Capabilities</source>
        <translation>能力</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/negotiation.py" line="209" />
        <source>not offered</source>
        <translation>未提供</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/negotiation.py" line="210" />
        <source>not declared</source>
        <translation>未声明</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/negotiation.py" line="216" />
        <source>Instructions from the server:</source>
        <translation>服务器提供的说明：</translation>
    </message>
</context>
<context>
    <name>Origin</name>
    <message>
        <location filename="../../inspector/ui/client_side.py" line="130" />
        <source>InputRequiredResult input request {method}</source>
        <translation>InputRequiredResult 输入请求 {method}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/client_side.py" line="132" />
        <source>JSON-RPC request {method}</source>
        <translation>JSON-RPC 请求 {method}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/client_side.py" line="133" />
        <source>server request {method}</source>
        <translation>服务器请求 {method}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/client_side.py" line="136" />
        <source>The server</source>
        <translation>服务器</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/client_side.py" line="137" />
        <source>{who} asks: {path}</source>
        <translation>{who} 发出请求：{path}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/client_side.py" line="141" />
        <source>2026-07-28 (modern): the server answered a request with InputRequiredResult; your answer goes into inputResponses of the retried request.</source>
        <translation>2026-07-28（新版）：服务器以 InputRequiredResult 响应了一个请求；这里的答复将放入重试请求的 inputResponses 中。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/client_side.py" line="145" />
        <source>{version} (legacy): the server sent a JSON-RPC request; your answer is the JSON-RPC response.</source>
        <translation>{version}（旧版）：服务器发送了一个 JSON-RPC 请求；这里的答复就是 JSON-RPC 响应。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/client_side.py" line="147" />
        <source>legacy</source>
        <translation>旧版</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/client_side.py" line="149" />
        <source>Era unknown (no session attached).</source>
        <translation>代际未知（未关联会话）。</translation>
    </message>
</context>
<context>
    <name>PagedListView</name>
    <message>
        <location filename="../../inspector/ui/widgets.py" line="215" />
        <location filename="../../inspector/ui/widgets.py" line="259" />
        <source>Filter</source>
        <translation>筛选</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/widgets.py" line="234" />
        <location filename="../../inspector/ui/widgets.py" line="260" />
        <source>Refresh</source>
        <translation>刷新</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/widgets.py" line="236" />
        <location filename="../../inspector/ui/widgets.py" line="261" />
        <source>Load more</source>
        <translation>加载更多</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/widgets.py" line="281" />
        <source>Loading…</source>
        <translation>加载中…</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/widgets.py" line="283" />
        <source>1 page</source>
        <translation>1 页</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/widgets.py" line="283" />
        <source>{n} pages</source>
        <translation>{n} 页</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/widgets.py" line="286" />
        <source>more available</source>
        <translation>还有更多</translation>
    </message>
</context>
<context>
    <name>PanelHost</name>
    <message>
        <location filename="../../inspector/ui/panels/__init__.py" line="52" />
        <location filename="../../inspector/ui/panels/__init__.py" line="119" />
        <source>Connect to a server: the panels for what it declares appear here.</source>
        <translation>请连接服务器：其所声明功能的面板将显示在这里。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/__init__.py" line="101" />
        <location filename="../../inspector/ui/panels/__init__.py" line="121" />
        <source>{panel}: {reason}</source>
        <translation>{panel}：{reason}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/__init__.py" line="106" />
        <location filename="../../inspector/ui/panels/__init__.py" line="125" />
        <source>Hidden panels:</source>
        <translation>隐藏的面板：</translation>
    </message>
</context>
<context>
    <name>ProfileEditor</name>
    <message>
        <location filename="../../inspector/ui/connection.py" line="155" />
        <source>stdio: start a command</source>
        <translation>stdio：启动一个命令</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/connection.py" line="156" />
        <source>HTTP, auto: Streamable HTTP, or HTTP+SSE if refused</source>
        <translation>HTTP，自动：先试 Streamable HTTP，被拒则用 HTTP+SSE</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/connection.py" line="157" />
        <source>Streamable HTTP: a server at a URL</source>
        <translation>Streamable HTTP：位于某个 URL 的服务器</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/connection.py" line="158" />
        <source>HTTP+SSE (2024-11-05): a server's event stream URL</source>
        <translation>HTTP+SSE（2024-11-05）：服务器事件流的 URL</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/connection.py" line="161" />
        <source>The server's MCP endpoint; every message is POSTed here</source>
        <translation>服务器的 MCP 端点；每条消息都 POST 到这里</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/connection.py" line="163" />
        <source>e.g. node server.js --verbose</source>
        <translation>例如 node server.js --verbose</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/connection.py" line="164" />
        <source>Program and arguments, split like a shell would (quotes allowed); started without a shell</source>
        <translation>程序及参数，按 shell 的规则拆分（可使用引号）；启动时不经过 shell</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/connection.py" line="166" />
        <source>(inherit)</source>
        <translation>（继承）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/connection.py" line="169" />
        <source>Choose the working directory</source>
        <translation>选择工作目录</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/connection.py" line="176" />
        <source>auto (probe, then fall back)</source>
        <translation>自动（先探测，失败则回退）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/connection.py" line="176" />
        <source>legacy (initialize handshake)</source>
        <translation>旧版（initialize 握手）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/connection.py" line="176" />
        <source>modern (2026-07-28, stateless)</source>
        <translation>新版（2026-07-28，无状态）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/connection.py" line="182" />
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/connection.py" line="183" />
        <source>Transport</source>
        <translation>传输方式</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/connection.py" line="185" />
        <source>URL</source>
        <translation>URL</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/connection.py" line="187" />
        <source>Command</source>
        <translation>命令</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/connection.py" line="189" />
        <source>Working dir</source>
        <translation>工作目录</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/connection.py" line="191" />
        <source>Era</source>
        <translation>协议代际</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/connection.py" line="192" />
        <source>Version</source>
        <translation>版本</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/connection.py" line="195" />
        <source>Client capabilities to offer</source>
        <translation>要提供的客户端能力</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/connection.py" line="199" />
        <source>Roots</source>
        <translation>根目录（roots）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/connection.py" line="200" />
        <source>Sampling</source>
        <translation>采样（sampling）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/connection.py" line="201" />
        <source>Elicitation (form)</source>
        <translation>询问：表单（elicitation）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/connection.py" line="202" />
        <source>Elicitation (URL)</source>
        <translation>询问：URL（elicitation）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/connection.py" line="203" />
        <source>Tasks</source>
        <translation>任务（tasks）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/connection.py" line="210" />
        <source>Roots offered to the server</source>
        <translation>提供给服务器的根目录</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/connection.py" line="216" />
        <source>Environment</source>
        <translation>环境变量</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/connection.py" line="218" />
        <source>Inherit the inspector's environment</source>
        <translation>继承检查器的环境变量</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/connection.py" line="293" />
        <source>Add</source>
        <translation>添加</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/connection.py" line="294" />
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/connection.py" line="225" />
        <source>HTTP</source>
        <translation>HTTP</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/connection.py" line="227" />
        <source>Headers sent with every request (mark tokens secret):</source>
        <translation>每个请求都会发送的请求头（令牌请标记为机密）：</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/connection.py" line="232" />
        <source>Verify the server's TLS certificate</source>
        <translation>验证服务器的 TLS 证书</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/connection.py" line="233" />
        <source>Turn off only for a test server whose certificate you chose to trust</source>
        <translation>仅对你决定信任其证书的测试服务器关闭</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/connection.py" line="239" />
        <source>Timeouts (seconds)</source>
        <translation>超时（秒）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/connection.py" line="244" />
        <source>Start sequence</source>
        <translation>启动序列</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/connection.py" line="245" />
        <source>Discovery probe</source>
        <translation>发现探测</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/connection.py" line="246" />
        <source>Requests</source>
        <translation>请求</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/connection.py" line="247" />
        <source>Exit after stdin closes</source>
        <translation>关闭 stdin 后等待退出</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/connection.py" line="248" />
        <source>Exit after SIGTERM</source>
        <translation>SIGTERM 后等待退出</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/connection.py" line="249" />
        <source>Longest request, progress included</source>
        <translation>单个请求最长时间（含进度通知）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/connection.py" line="265" />
        <source>A longer stdout or stderr line keeps its first bytes up to this size; the rest is counted and dropped</source>
        <translation>更长的 stdout 或 stderr 行只保留前面这么多字节；其余部分计数后丢弃</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/connection.py" line="267" />
        <source>Longest line</source>
        <translation>最长行</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/connection.py" line="317" />
        <source>Working directory</source>
        <translation>工作目录</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/connection.py" line="325" />
        <source>newest of the era</source>
        <translation>该代际的最新版本</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/connection.py" line="351" />
        <source>TLS verification is off: anyone between you and the server can read and change this session.</source>
        <translation>TLS 验证已关闭：你与服务器之间的任何人都能读取并篡改此会话。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/connection.py" line="399" />
        <source>Last auto detection: {era}</source>
        <translation>上次自动检测结果：{era}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/connection.py" line="401" />
        <source>HTTP+SSE (Connect goes straight to it; change the URL or the transport to look again)</source>
        <translation>HTTP+SSE（连接时直接使用它；修改 URL 或传输方式即可重新探测）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/connection.py" line="401" />
        <source>Streamable HTTP</source>
        <translation>Streamable HTTP</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/connection.py" line="402" />
        <source>Transport found last time: {transport}</source>
        <translation>上次探测到的传输方式：{transport}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/connection.py" line="448" />
        <source>Cannot split the command: {why}</source>
        <translation>无法拆分命令：{why}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/connection.py" line="464" />
        <source>Not defined in {v}; it will not be offered</source>
        <translation>{v} 未定义此能力，不会提供</translation>
    </message>
</context>
<context>
    <name>Profiles</name>
    <message>
        <location filename="../../inspector/ui/connection.py" line="41" />
        <source>Demo server (built in)</source>
        <extracomment>The built-in demo server's name, for the translation tools (profiles store it in English).</extracomment>
        <translation>演示服务器（内置）</translation>
    </message>
</context>
<context>
    <name>PromptsPanel</name>
    <message>
        <location filename="../../inspector/ui/panels/prompts.py" line="142" />
        <source>Prompts</source>
        <translation>提示</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/prompts.py" line="290" />
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/prompts.py" line="290" />
        <source>Identifier</source>
        <translation>标识</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/prompts.py" line="290" />
        <location filename="../../inspector/ui/panels/prompts.py" line="295" />
        <source>Arguments</source>
        <translation>参数</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/prompts.py" line="153" />
        <source>1 prompt</source>
        <translation>1 个提示</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/prompts.py" line="153" />
        <source>{n} prompts</source>
        <translation>{n} 个提示</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/prompts.py" line="159" />
        <location filename="../../inspector/ui/panels/prompts.py" line="309" />
        <source>Nothing selected</source>
        <translation>未选择</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/prompts.py" line="296" />
        <source>Get prompt</source>
        <translation>获取提示</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/prompts.py" line="297" />
        <source>Send prompts/get with the arguments filled in</source>
        <translation>用已填写的参数发送 prompts/get</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/prompts.py" line="298" />
        <source>Messages</source>
        <translation>消息</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/prompts.py" line="276" />
        <source>Refreshes by itself: listening for prompt list changes (subscriptions/listen, id {id}).</source>
        <translation>自动刷新：正在监听提示列表变更（subscriptions/listen，id {id}）。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/prompts.py" line="278" />
        <source>Opening subscriptions/listen for prompt list changes…</source>
        <translation>正在为提示列表变更打开 subscriptions/listen…</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/prompts.py" line="281" />
        <source>Not listening for list changes. {note}</source>
        <translation>未监听列表变更。{note}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/prompts.py" line="281" />
        <source>Not listening for list changes.</source>
        <translation>未监听列表变更。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/prompts.py" line="283" />
        <source>Refreshes by itself on notifications/prompts/list_changed.</source>
        <translation>收到 notifications/prompts/list_changed 时自动刷新。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/prompts.py" line="285" />
        <source>The server does not announce list changes (no listChanged): use Refresh.</source>
        <translation>服务器不通知列表变更（无 listChanged）：请使用“刷新”。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/prompts.py" line="311" />
        <source>Pick a prompt to fill in its arguments and get its messages.</source>
        <translation>选择一个提示，填写其参数并获取其消息。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/prompts.py" line="348" />
        <source>Loading prompts/list…</source>
        <translation>正在加载 prompts/list…</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/prompts.py" line="356" />
        <source>prompts/list failed. {error}</source>
        <translation>prompts/list 失败。{error}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/prompts.py" line="375" />
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/prompts.py" line="407" />
        <source>required</source>
        <translation>必填</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/prompts.py" line="407" />
        <source>optional</source>
        <translation>可选</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/prompts.py" line="411" />
        <source>The server did not declare completions, so no suggestions.</source>
        <translation>服务器未声明 completions，因此没有补全建议。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/prompts.py" line="430" />
        <source>This prompt takes no arguments.</source>
        <translation>此提示不接受参数。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/prompts.py" line="432" />
        <source>* required. Suggestions come from the server (completion/complete) as you type.</source>
        <translation>* 为必填项。输入时由服务器提供补全建议（completion/complete）。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/prompts.py" line="434" />
        <source>* required. The server did not declare completions: type the values yourself.</source>
        <translation>* 为必填项。服务器未声明 completions：请自行输入值。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/prompts.py" line="454" />
        <source>Fill in the required argument(s) first: {names}.</source>
        <translation>请先填写必填参数：{names}。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/prompts.py" line="469" />
        <source>Getting {name}…</source>
        <translation>正在获取 {name}…</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/prompts.py" line="475" />
        <source>Nothing to show: prompts/get failed.</source>
        <translation>没有可显示的内容：prompts/get 失败。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/prompts.py" line="476" />
        <source>prompts/get {name} failed. {error}</source>
        <translation>prompts/get {name} 失败。{error}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/prompts.py" line="481" />
        <source>Got {name} at {time}: {n} message(s), {ms:.0f} ms.</source>
        <translation>{time} 获取了 {name}：{n} 条消息，{ms:.0f} ms。</translation>
    </message>
</context>
<context>
    <name>ReplayBar</name>
    <message>
        <location filename="../../inspector/ui/replay.py" line="124" />
        <location filename="../../inspector/ui/replay.py" line="197" />
        <source>Pause</source>
        <translation>暂停</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/replay.py" line="124" />
        <location filename="../../inspector/ui/replay.py" line="197" />
        <source>Play</source>
        <translation>播放</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/replay.py" line="193" />
        <source>entry {row} of {n} · {t:.3f} s</source>
        <translation>条目 {row} / {n} · {t:.3f} 秒</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/replay.py" line="198" />
        <source>Play the recording back: the diagram and the timeline follow</source>
        <translation>回放这份记录：状态图和时间线随之移动</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/replay.py" line="199" />
        <source>next message</source>
        <translation>逐条消息</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/replay.py" line="200" />
        <source>Speed against the recorded time, or one message a second</source>
        <translation>相对记录时间的速度，或每秒一条消息</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/replay.py" line="201" />
        <source>Next violation</source>
        <translation>下一处违规</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/replay.py" line="202" />
        <source>Jump to the next entry that broke a rule or the schema (red ticks on the slider)</source>
        <translation>跳到下一条违反规则或模式的条目（滑块上的红色刻度）</translation>
    </message>
</context>
<context>
    <name>ResourcesPanel</name>
    <message>
        <location filename="../../inspector/ui/panels/resources.py" line="102" />
        <source>The server answered with an error.</source>
        <translation>服务器返回了错误。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/resources.py" line="106" />
        <source>Error {code}</source>
        <translation>错误 {code}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/resources.py" line="106" />
        <source>Error</source>
        <translation>错误</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/resources.py" line="117" />
        <source>data: {data}</source>
        <translation>data：{data}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/text.py" line="99" />
        <source>… {n} more bytes</source>
        <translation>… 还有 {n} 字节</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/resources.py" line="222" />
        <source>Completion failed: {error}</source>
        <translation>补全失败：{error}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/text.py" line="131" />
        <source>The server did not agree to: {what}</source>
        <translation>服务器未同意：{what}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/text.py" line="134" />
        <source>Stopped before the request was sent.</source>
        <translation>在请求发出之前已停止。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/text.py" line="135" />
        <source>Stopped: notifications/cancelled sent for request {id}.</source>
        <translation>已停止：已为请求 {id} 发送 notifications/cancelled。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/text.py" line="137" />
        <source>Stopped: the answer stream of request {id} was closed (that cancels it).</source>
        <translation>已停止：请求 {id} 的应答流已关闭（这即是取消）。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/text.py" line="139" />
        <source>The server ended the subscription.</source>
        <translation>服务器结束了订阅。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/text.py" line="142" />
        <source>subscriptions/listen failed: {code} {message}</source>
        <translation>subscriptions/listen 失败：{code} {message}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/resources.py" line="269" />
        <source>This content has neither text nor blob.</source>
        <translation>此内容既没有 text 也没有 blob。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/resources.py" line="274" />
        <source>The blob is not valid base64.</source>
        <translation>blob 不是有效的 base64。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/resources.py" line="281" />
        <source>The MIME type says image, but the bytes are not an image Qt can read.</source>
        <translation>MIME 类型表明是图像，但这些字节不是 Qt 能读取的图像。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/resources.py" line="409" />
        <source>Saving…</source>
        <translation>正在保存…</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/resources.py" line="413" />
        <source>Could not save {path}: {error}</source>
        <translation>无法保存 {path}：{error}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/resources.py" line="415" />
        <source>Saved {n} to {path}.</source>
        <translation>已将 {n} 保存到 {path}。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/resources.py" line="487" />
        <location filename="../../inspector/ui/panels/resources.py" line="514" />
        <location filename="../../inspector/ui/panels/resources.py" line="838" />
        <source>Resources</source>
        <translation>资源</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/resources.py" line="498" />
        <location filename="../../inspector/ui/panels/resources.py" line="502" />
        <location filename="../../inspector/ui/panels/resources.py" line="777" />
        <location filename="../../inspector/ui/panels/resources.py" line="778" />
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/resources.py" line="498" />
        <location filename="../../inspector/ui/panels/resources.py" line="777" />
        <location filename="../../inspector/ui/panels/resources.py" line="788" />
        <source>URI</source>
        <translation>URI</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/resources.py" line="498" />
        <location filename="../../inspector/ui/panels/resources.py" line="502" />
        <location filename="../../inspector/ui/panels/resources.py" line="777" />
        <location filename="../../inspector/ui/panels/resources.py" line="778" />
        <source>MIME type</source>
        <translation>MIME 类型</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/resources.py" line="499" />
        <source>1 resource</source>
        <translation>1 个资源</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/resources.py" line="499" />
        <source>{n} resources</source>
        <translation>{n} 个资源</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/resources.py" line="502" />
        <location filename="../../inspector/ui/panels/resources.py" line="778" />
        <source>URI template</source>
        <translation>URI 模板</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/resources.py" line="503" />
        <source>1 template</source>
        <translation>1 个模板</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/resources.py" line="503" />
        <source>{n} templates</source>
        <translation>{n} 个模板</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/resources.py" line="515" />
        <location filename="../../inspector/ui/panels/resources.py" line="838" />
        <source>Templates</source>
        <translation>模板</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/resources.py" line="523" />
        <location filename="../../inspector/ui/panels/resources.py" line="799" />
        <source>Nothing selected</source>
        <translation>未选择</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/resources.py" line="780" />
        <source>Template arguments</source>
        <translation>模板参数</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/resources.py" line="781" />
        <source>Expanded URI</source>
        <translation>展开后的 URI</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/resources.py" line="782" />
        <source>Read</source>
        <translation>读取</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/resources.py" line="550" />
        <location filename="../../inspector/ui/panels/resources.py" line="728" />
        <source>Subscribe</source>
        <translation>订阅</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/resources.py" line="783" />
        <source>Updates</source>
        <translation>更新</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/resources.py" line="784" />
        <source>Stop listening</source>
        <translation>停止监听</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/resources.py" line="785" />
        <source>Cancel the subscriptions/listen request (sends notifications/cancelled)</source>
        <translation>取消 subscriptions/listen 请求（发送 notifications/cancelled）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/resources.py" line="786" />
        <source>Clear</source>
        <translation>清除</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/resources.py" line="787" />
        <source>Re-read the shown resource when it changes</source>
        <translation>所显示的资源变更时重新读取</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/resources.py" line="788" />
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/resources.py" line="788" />
        <source>Via</source>
        <translation>来源</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/resources.py" line="702" />
        <source>on a subscriptions/listen stream</source>
        <translation>通过 subscriptions/listen 流</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/resources.py" line="702" />
        <source>notifications/resources/list_changed</source>
        <translation>notifications/resources/list_changed</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/resources.py" line="703" />
        <source>The lists refresh by themselves when the server announces a change ({how}).</source>
        <translation>服务器通知变更时（{how}），列表会自动刷新。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/resources.py" line="705" />
        <source>The server does not announce list changes (no listChanged): use Refresh.</source>
        <translation>服务器不通知列表变更（无 listChanged）：请使用“刷新”。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/resources.py" line="724" />
        <source>Stop listening to this resource</source>
        <translation>停止监听此资源</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/resources.py" line="724" />
        <source>Listen for updates</source>
        <translation>监听更新</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/resources.py" line="725" />
        <source>Opens a subscriptions/listen stream whose resourceSubscriptions filter lists this resource.</source>
        <translation>打开一个 subscriptions/listen 流，其 resourceSubscriptions 筛选条件列出了此资源。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/resources.py" line="728" />
        <source>Unsubscribe</source>
        <translation>取消订阅</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/resources.py" line="729" />
        <source>Sends resources/unsubscribe.</source>
        <translation>发送 resources/unsubscribe。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/resources.py" line="729" />
        <source>Sends resources/subscribe: the server then sends notifications/resources/updated.</source>
        <translation>发送 resources/subscribe：服务器随后会发送 notifications/resources/updated。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/resources.py" line="731" />
        <source>The server did not declare resources.subscribe, so it sends no update notifications.</source>
        <translation>服务器未声明 resources.subscribe，因此不会发送更新通知。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/resources.py" line="733" />
        <source>No session: connect to a server first.</source>
        <translation>无会话：请先连接服务器。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/resources.py" line="735" />
        <source>Select a resource (or fill in a template) to follow its updates.</source>
        <translation>选择一个资源（或填写模板）以跟踪其更新。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/resources.py" line="745" />
        <source>Opening subscriptions/listen for {uris}… (waiting for the acknowledgement)</source>
        <translation>正在为 {uris} 打开 subscriptions/listen…（等待确认）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/resources.py" line="747" />
        <source>Listening (subscription {id}) for updates to {uris}.</source>
        <translation>正在监听 {uris} 的更新（订阅 {id}）。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/resources.py" line="748" />
        <source>nothing</source>
        <translation>无</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/resources.py" line="753" />
        <source>Not listening. {note}</source>
        <translation>未在监听。{note}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/resources.py" line="755" />
        <source>Not listening. Select a resource and press Listen for updates.</source>
        <translation>未在监听。请选择资源并点击“监听更新”。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/resources.py" line="758" />
        <source>List changes: listening (subscription {id}).</source>
        <translation>列表变更：监听中（订阅 {id}）。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/resources.py" line="760" />
        <source>List changes: opening subscriptions/listen…</source>
        <translation>列表变更：正在打开 subscriptions/listen…</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/resources.py" line="762" />
        <source>List changes: not listening. {note}</source>
        <translation>列表变更：未监听。{note}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/resources.py" line="767" />
        <source>Subscribed to {uris}.</source>
        <translation>已订阅 {uris}。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/resources.py" line="769" />
        <source>Not subscribed to any resource.</source>
        <translation>未订阅任何资源。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/resources.py" line="772" />
        <source>Updates are not available: the server did not declare resources.subscribe.</source>
        <translation>无法获取更新：服务器未声明 resources.subscribe。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/resources.py" line="802" />
        <source>Pick a resource to read it, or a template to fill in its arguments.</source>
        <translation>选择一个资源进行读取，或选择一个模板填写其参数。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/resources.py" line="851" />
        <source>Loading {method}…</source>
        <translation>正在加载 {method}…</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/resources.py" line="859" />
        <source>{method} failed. {error}</source>
        <translation>{method} 失败。{error}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/resources.py" line="898" />
        <source>Press Read (or double-click the row) to read this resource.</source>
        <translation>点击“读取”（或双击该行）以读取此资源。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/resources.py" line="912" />
        <source>Fill in the arguments, then press Read.</source>
        <translation>填写参数，然后点击“读取”。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/resources.py" line="936" />
        <source>declared size {size}</source>
        <translation>声明大小 {size}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/resources.py" line="940" />
        <source>audience: {a}</source>
        <translation>受众：{a}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/resources.py" line="942" />
        <source>priority {p}</source>
        <translation>优先级 {p}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/resources.py" line="944" />
        <source>modified {t}</source>
        <translation>修改于 {t}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/resources.py" line="955" />
        <source>value of {{{name}}}</source>
        <translation>{{{name}}} 的值</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/resources.py" line="960" />
        <source>The server did not declare completions, so no suggestions.</source>
        <translation>服务器未声明 completions，因此没有补全建议。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/resources.py" line="964" />
        <source>This template has no variables.</source>
        <translation>此模板没有变量。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/resources.py" line="966" />
        <source>Suggestions come from the server (completion/complete) as you type.</source>
        <translation>输入时由服务器提供补全建议（completion/complete）。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/resources.py" line="968" />
        <source>The server did not declare completions: type the values yourself.</source>
        <translation>服务器未声明 completions：请自行输入值。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/resources.py" line="1006" />
        <source>Fill in {names} first.</source>
        <translation>请先填写 {names}。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/resources.py" line="1023" />
        <source>Reading {uri}…</source>
        <translation>正在读取 {uri}…</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/resources.py" line="1028" />
        <source>Nothing to show: the read failed.</source>
        <translation>没有可显示的内容：读取失败。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/resources.py" line="1029" />
        <source>resources/read {uri} failed. {error}</source>
        <translation>resources/read {uri} 失败。{error}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/resources.py" line="1033" />
        <source>The answer has no contents array.</source>
        <translation>响应中没有 contents 数组。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/resources.py" line="1037" />
        <source>Decoding {uri}…</source>
        <translation>正在解码 {uri}…</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/resources.py" line="1045" />
        <source>Read {uri} at {time} ({n} content(s), {ms:.0f} ms).</source>
        <translation>{time} 读取了 {uri}（{n} 项内容，{ms:.0f} ms）。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/resources.py" line="1089" />
        <source>Subscribing to {uri}…</source>
        <translation>正在订阅 {uri}…</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/resources.py" line="1095" />
        <source>resources/subscribe {uri} failed. {error}</source>
        <translation>resources/subscribe {uri} 失败。{error}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/resources.py" line="1099" />
        <source>Unsubscribing from {uri}…</source>
        <translation>正在取消订阅 {uri}…</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/resources.py" line="1105" />
        <source>resources/unsubscribe {uri} failed. {error}</source>
        <translation>resources/unsubscribe {uri} 失败。{error}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/resources.py" line="1114" />
        <source>subscription {id}</source>
        <translation>订阅 {id}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/resources.py" line="1116" />
        <source>resources/subscribe</source>
        <translation>resources/subscribe</translation>
    </message>
</context>
<context>
    <name>RootsEditor</name>
    <message>
        <location filename="../../inspector/ui/client_side.py" line="804" />
        <source>Type a file:// URI.</source>
        <translation>请输入 file:// URI。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/client_side.py" line="807" />
        <source>Roots must be file:// URIs.</source>
        <translation>根目录必须是 file:// URI。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/client_side.py" line="809" />
        <source>A file:// URI needs an absolute path (file:///…).</source>
        <translation>file:// URI 需要绝对路径（file:///…）。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/client_side.py" line="822" />
        <source>URI</source>
        <translation>URI</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/client_side.py" line="822" />
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/client_side.py" line="836" />
        <source>Add folder…</source>
        <translation>添加文件夹…</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/client_side.py" line="837" />
        <source>Pick a folder; it becomes a file:// root</source>
        <translation>选择一个文件夹，将其作为 file:// 根目录</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/client_side.py" line="842" />
        <source>Add URI</source>
        <translation>添加 URI</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/client_side.py" line="844" />
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/client_side.py" line="850" />
        <source>Legacy: a change during a session is announced with notifications/roots/list_changed. 2026-07-28: the server asks again (roots/list as an input request) when it needs them.</source>
        <translation>旧版：会话期间的变更通过 notifications/roots/list_changed 通知。2026-07-28：服务器需要时会重新请求（以输入请求的形式发送 roots/list）。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/client_side.py" line="908" />
        <source>{uri} is already a root.</source>
        <translation>{uri} 已是根目录。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/client_side.py" line="937" />
        <source>Choose a folder to offer as a root</source>
        <translation>选择要作为根目录提供的文件夹</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/client_side.py" line="992" />
        <source>Rows with a problem are not offered.</source>
        <translation>有问题的行不会提供给服务器。</translation>
    </message>
</context>
<context>
    <name>SamplingDialog</name>
    <message>
        <location filename="../../inspector/ui/client_side.py" line="276" />
        <source>── system prompt ──</source>
        <translation>── 系统提示词 ──</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/client_side.py" line="283" />
        <source>── message {n}: {role} ──</source>
        <translation>── 消息 {n}：{role} ──</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/client_side.py" line="286" />
        <source>(no messages)</source>
        <translation>（无消息）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/client_side.py" line="295" />
        <source>hints {names}</source>
        <translation>模型提示 {names}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/client_side.py" line="297" />
        <source>intelligence {value}</source>
        <translation>智能 {value}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/client_side.py" line="298" />
        <source>speed {value}</source>
        <translation>速度 {value}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/client_side.py" line="299" />
        <source>cost {value}</source>
        <translation>成本 {value}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/client_side.py" line="314" />
        <source>Sampling request — {server}</source>
        <translation>采样请求 — {server}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/client_side.py" line="314" />
        <source>server</source>
        <translation>服务器</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/client_side.py" line="322" />
        <source>Max tokens</source>
        <translation>最大 token 数</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/client_side.py" line="323" />
        <source>Model preferences</source>
        <translation>模型偏好</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/client_side.py" line="330" />
        <source>tools {names}</source>
        <translation>工具 {names}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/client_side.py" line="333" />
        <source>Also</source>
        <translation>其他</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/client_side.py" line="344" />
        <source>Conversation</source>
        <translation>对话</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/client_side.py" line="345" />
        <source>JSON</source>
        <translation>JSON</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/client_side.py" line="346" />
        <source>The server asks the model</source>
        <translation>服务器向模型发出的请求</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/client_side.py" line="354" />
        <source>The name of the model that 'generated' the message</source>
        <translation>“生成”该消息的模型名称</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/client_side.py" line="359" />
        <source>Write the model's answer here…</source>
        <translation>在此输入模型的回答…</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/client_side.py" line="361" />
        <source>Your response, as the model</source>
        <translation>回复（以模型身份）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/client_side.py" line="364" />
        <source>Role</source>
        <translation>角色</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/client_side.py" line="365" />
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/client_side.py" line="366" />
        <source>Stop reason</source>
        <translation>停止原因</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/client_side.py" line="367" />
        <source>Text</source>
        <translation>文本</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/client_side.py" line="370" />
        <source>Reject</source>
        <translation>拒绝</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/client_side.py" line="371" />
        <source>Answer with error -1 “User rejected sampling request”</source>
        <translation>以错误 -1 “User rejected sampling request”作答</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/client_side.py" line="372" />
        <source>Approve and send</source>
        <translation>批准并发送</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/client_side.py" line="392" />
        <source>Rejected automatically in {time} if unanswered</source>
        <translation>若未答复，将在 {time} 后自动拒绝</translation>
    </message>
</context>
<context>
    <name>SchemaForm</name>
    <message>
        <location filename="../../inspector/ui/schema_form.py" line="105" />
        <location filename="../../inspector/ui/schema_form.py" line="121" />
        <location filename="../../inspector/ui/schema_form.py" line="1200" />
        <location filename="../../inspector/ui/schema_form.py" line="1331" />
        <source>(root)</source>
        <translation>（根）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/schema_form.py" line="117" />
        <source>schema could not be compiled: {0}</source>
        <translation>无法编译 Schema：{0}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/schema_form.py" line="119" />
        <source>valid</source>
        <translation>有效</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/schema_form.py" line="122" />
        <source>at {0}: {1}</source>
        <translation>{0} 处：{1}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/schema_form.py" line="137" />
        <source>a schema must be an object or a boolean</source>
        <translation>Schema 必须是对象或布尔值</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/schema_form.py" line="174" />
        <source>is required</source>
        <translation>为必填项</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/schema_form.py" line="181" />
        <source>an e-mail address</source>
        <translation>电子邮件地址</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/schema_form.py" line="182" />
        <source>a URI (scheme:...)</source>
        <translation>URI（scheme:...）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/schema_form.py" line="183" />
        <source>base64 data</source>
        <translation>base64 数据</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/schema_form.py" line="184" />
        <source>a date (YYYY-MM-DD)</source>
        <translation>日期（YYYY-MM-DD）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/schema_form.py" line="185" />
        <source>a time (hh:mm:ss)</source>
        <translation>时间（hh:mm:ss）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/schema_form.py" line="186" />
        <source>a date and time (YYYY-MM-DDThh:mm:ssZ)</source>
        <translation>日期时间（YYYY-MM-DDThh:mm:ssZ）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/schema_form.py" line="187" />
        <source>a UUID</source>
        <translation>UUID</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/schema_form.py" line="188" />
        <source>an IPv4 address</source>
        <translation>IPv4 地址</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/schema_form.py" line="218" />
        <source>must be one of: {0}</source>
        <translation>必须是以下之一：{0}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/schema_form.py" line="223" />
        <source>must be at least {0} characters long</source>
        <translation>长度至少为 {0} 个字符</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/schema_form.py" line="223" />
        <source>must not be empty</source>
        <translation>不能为空</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/schema_form.py" line="225" />
        <source>must be at most {0} characters long</source>
        <translation>长度最多为 {0} 个字符</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/schema_form.py" line="230" />
        <source>must match the pattern {0}</source>
        <translation>必须匹配模式 {0}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/schema_form.py" line="237" />
        <source>needs a time zone (Z or ±hh:mm)</source>
        <translation>需要时区（Z 或 ±hh:mm）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/schema_form.py" line="238" />
        <source>must be {0}</source>
        <translation>必须是 {0}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/schema_form.py" line="247" />
        <source>must be at least {0}</source>
        <translation>不能小于 {0}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/schema_form.py" line="249" />
        <source>must be at most {0}</source>
        <translation>不能大于 {0}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/schema_form.py" line="251" />
        <source>must be greater than {0}</source>
        <translation>必须大于 {0}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/schema_form.py" line="253" />
        <source>must be less than {0}</source>
        <translation>必须小于 {0}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/schema_form.py" line="258" />
        <source>must be a multiple of {0}</source>
        <translation>必须是 {0} 的倍数</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/schema_form.py" line="262" />
        <source>needs at least {0} item(s)</source>
        <translation>至少需要 {0} 项</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/schema_form.py" line="264" />
        <source>allows at most {0} item(s)</source>
        <translation>最多允许 {0} 项</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/schema_form.py" line="268" />
        <source>items must be unique</source>
        <translation>各项不能重复</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/schema_form.py" line="313" />
        <source>$ref {0} points nowhere</source>
        <translation>$ref {0} 未指向任何定义</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/schema_form.py" line="320" />
        <source>any JSON value</source>
        <translation>任意 JSON 值</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/schema_form.py" line="322" />
        <source>not a schema object</source>
        <translation>不是 Schema 对象</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/schema_form.py" line="324" />
        <source>recursive $ref</source>
        <translation>递归的 $ref</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/schema_form.py" line="328" />
        <source>remote $ref {0}</source>
        <translation>远程 $ref {0}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/schema_form.py" line="337" />
        <source>allOf of several schemas</source>
        <translation>由多个 Schema 组成的 allOf</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/schema_form.py" line="352" />
        <source>{0} of several schemas</source>
        <translation>由多个 Schema 组成的 {0}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/schema_form.py" line="355" />
        <source>{0} is not shown in the form</source>
        <translation>{0} 不在表单中显示</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/schema_form.py" line="360" />
        <source>a value of several types ({0})</source>
        <translation>多种类型的值（{0}）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/schema_form.py" line="373" />
        <location filename="../../inspector/ui/schema_form.py" line="1018" />
        <source>no type</source>
        <translation>无类型</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/schema_form.py" line="375" />
        <source>type {0}</source>
        <translation>类型 {0}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/schema_form.py" line="461" />
        <location filename="../../inspector/ui/schema_form.py" line="750" />
        <location filename="../../inspector/ui/schema_form.py" line="917" />
        <source>required</source>
        <translation>必填</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/schema_form.py" line="501" />
        <source>{0}–{1} characters</source>
        <translation>{0}–{1} 个字符</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/schema_form.py" line="503" />
        <source>up to {0} characters</source>
        <translation>最多 {0} 个字符</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/schema_form.py" line="539" />
        <source>whole number</source>
        <translation>整数</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/schema_form.py" line="539" />
        <source>number</source>
        <translation>数字</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/schema_form.py" line="555" />
        <location filename="../../inspector/ui/schema_form.py" line="560" />
        <source>must be a whole number</source>
        <translation>必须是整数</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/schema_form.py" line="555" />
        <source>must be a number</source>
        <translation>必须是数字</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/schema_form.py" line="557" />
        <source>must be a finite number</source>
        <translation>必须是有限数</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/schema_form.py" line="601" />
        <location filename="../../inspector/ui/schema_form.py" line="632" />
        <location filename="../../inspector/ui/schema_form.py" line="735" />
        <source>(not set)</source>
        <translation>（未设置）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/schema_form.py" line="632" />
        <source>— choose —</source>
        <translation>— 请选择 —</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/schema_form.py" line="660" />
        <source>{0} (not in the list)</source>
        <translation>{0}（不在列表中）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/schema_form.py" line="711" />
        <source>{0} is not one of the choices</source>
        <translation>{0} 不是可选项之一</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/schema_form.py" line="738" />
        <source>{0} — edit in Raw JSON ({1})</source>
        <translation>{0} — 请在原始 JSON 中编辑（{1}）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/schema_form.py" line="795" />
        <source>no properties declared</source>
        <translation>未声明属性</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/schema_form.py" line="840" />
        <source>Add item</source>
        <translation>添加项</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/schema_form.py" line="870" />
        <source>Remove this item</source>
        <translation>移除此项</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/schema_form.py" line="974" />
        <source>the arguments are not an object (type {0})</source>
        <translation>参数不是对象（类型为 {0}）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/schema_form.py" line="983" />
        <source>The form cannot show this schema: {0}.</source>
        <translation>表单无法显示此 Schema：{0}。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/schema_form.py" line="988" />
        <source>No fields: this takes no arguments.</source>
        <translation>无字段：不需要参数。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/schema_form.py" line="988" />
        <source>No fields declared; the schema accepts any object (use Raw JSON to send some).</source>
        <translation>未声明字段；该 Schema 接受任意对象（如需发送内容，请使用原始 JSON）。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/schema_form.py" line="1002" />
        <source>a free-form object</source>
        <translation>自由格式的对象</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/schema_form.py" line="1004" />
        <source>an object without declared properties</source>
        <translation>未声明属性的对象</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/schema_form.py" line="1009" />
        <source>a tuple array</source>
        <translation>元组数组</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/schema_form.py" line="1105" />
        <source>{0} is not JSON</source>
        <translation>{0} 不是 JSON</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/schema_form.py" line="1110" />
        <source>line {0}, column {1}: {2}</source>
        <translation>第 {0} 行，第 {1} 列：{2}</translation>
    </message>
</context>
<context>
    <name>SequenceView</name>
    <message>
        <location filename="../../inspector/ui/sequence.py" line="143" />
        <source>Client</source>
        <translation>客户端</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/sequence.py" line="143" />
        <source>Server</source>
        <translation>服务器</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/sequence.py" line="239" />
        <source>Sequence diagram</source>
        <translation>时序图</translation>
    </message>
</context>
<context>
    <name>SessionController</name>
    <message>
        <location filename="../../inspector/ui/controller.py" line="109" />
        <location filename="../../inspector/ui/controller.py" line="115" />
        <source>Disconnect before opening a recording.</source>
        <translation>打开记录前请先断开连接。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/controller.py" line="129" />
        <source>there is no session to save</source>
        <translation>没有可保存的会话</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/controller.py" line="177" />
        <source>internal error: {error}</source>
        <translation>内部错误：{error}</translation>
    </message>
</context>
<context>
    <name>StepBar</name>
    <message>
        <location filename="../../inspector/ui/stepbar.py" line="62" />
        <source>Continue</source>
        <translation>继续</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/stepbar.py" line="63" />
        <location filename="../../inspector/ui/stepbar.py" line="96" />
        <source>Send this message (F8)</source>
        <translation>发送此消息（F8）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/stepbar.py" line="64" />
        <source>Run to end</source>
        <translation>运行到底</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/stepbar.py" line="65" />
        <source>Leave step mode: the waiting message and all later ones go without waiting</source>
        <translation>退出单步模式：正在等待的消息及之后的所有消息都不再等待</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/stepbar.py" line="66" />
        <source>Step back</source>
        <translation>后退一步</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/stepbar.py" line="67" />
        <source>Show the previous step in the timeline and the diagram (the wire cannot be undone: only the view moves)</source>
        <translation>在时间线和状态图中显示上一步（线上发生的无法撤销：只移动视图）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/stepbar.py" line="92" />
        <source>Step mode: a message from the server waits to be taken in</source>
        <translation>单步模式：一条来自服务器的消息正等待被接收</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/stepbar.py" line="93" />
        <source>Take this message in: record, check and deliver it (F8)</source>
        <translation>接收这条消息：记录、检查并交付（F8）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/stepbar.py" line="95" />
        <source>Step mode: this message waits for Continue</source>
        <translation>单步模式：此消息等待点击“继续”后发送</translation>
    </message>
</context>
<context>
    <name>TasksPanel</name>
    <message>
        <location filename="../../inspector/ui/text.py" line="67" />
        <source> ({n} min)</source>
        <translation>（{n} 分钟）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tasks.py" line="66" />
        <source>isError: true — the tool ran and reported an error.</source>
        <extracomment>task status -&gt; theme colour</extracomment>
        <translation>isError: true — 工具已运行，但报告了错误。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tasks.py" line="80" />
        <source>[{kind} {mime}, about {size} bytes]</source>
        <translation>[{kind} {mime}，约 {size} 字节]</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tasks.py" line="82" />
        <source>[resource link {uri} {name}]</source>
        <translation>[资源链接 {uri} {name}]</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tasks.py" line="85" />
        <source>[embedded resource {uri}]</source>
        <translation>[嵌入资源 {uri}]</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tasks.py" line="92" />
        <source>structuredContent:</source>
        <translation>structuredContent：</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tasks.py" line="250" />
        <source>Refresh</source>
        <translation>刷新</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tasks.py" line="251" />
        <source>tasks/list from the first page</source>
        <translation>从第一页开始发送 tasks/list</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tasks.py" line="252" />
        <source>Load more</source>
        <translation>加载更多</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tasks.py" line="253" />
        <source>tasks/list with the nextCursor of the last page</source>
        <translation>用上一页的 nextCursor 发送 tasks/list</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tasks.py" line="254" />
        <source>Task</source>
        <translation>任务</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tasks.py" line="254" />
        <location filename="../../inspector/ui/panels/tasks.py" line="258" />
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tasks.py" line="254" />
        <location filename="../../inspector/ui/panels/tasks.py" line="259" />
        <source>Status message</source>
        <translation>状态消息</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tasks.py" line="254" />
        <source>Updated</source>
        <translation>更新时间</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tasks.py" line="255" />
        <source>No tasks yet. A task starts when a request asks for one (a tools/call with a "task" field).</source>
        <translation>暂无任务。请求要求创建任务时（带有 "task" 字段的 tools/call），任务才会开始。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tasks.py" line="399" />
        <source>Select a task</source>
        <translation>选择一个任务</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tasks.py" line="257" />
        <source>Task id</source>
        <translation>任务 ID</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tasks.py" line="260" />
        <source>Created</source>
        <translation>创建时间</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tasks.py" line="261" />
        <source>Last updated</source>
        <translation>最后更新</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tasks.py" line="262" />
        <source>TTL</source>
        <translation>TTL</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tasks.py" line="263" />
        <source>Poll interval</source>
        <translation>轮询间隔</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tasks.py" line="267" />
        <source>Get status</source>
        <translation>获取状态</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tasks.py" line="268" />
        <source>tasks/get</source>
        <translation>tasks/get</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tasks.py" line="269" />
        <source>Get result</source>
        <translation>获取结果</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tasks.py" line="270" />
        <source>tasks/result: the server answers when the task has finished (it waits until then)</source>
        <translation>tasks/result：服务器在任务完成后才响应（在此之前一直等待）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tasks.py" line="271" />
        <source>Cancel task</source>
        <translation>取消任务</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tasks.py" line="272" />
        <source>tasks/cancel</source>
        <translation>tasks/cancel</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tasks.py" line="273" />
        <source>Poll while running</source>
        <translation>运行时轮询</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tasks.py" line="274" />
        <source>Send tasks/get at the task's pollInterval until it finishes (status notifications are optional)</source>
        <translation>按任务的 pollInterval 发送 tasks/get，直到任务完成（状态通知是可选的）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tasks.py" line="275" />
        <source>The result appears here after Get result.</source>
        <translation>点击“获取结果”后，结果将显示在这里。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tasks.py" line="276" />
        <source>Content</source>
        <translation>内容</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tasks.py" line="277" />
        <source>JSON</source>
        <translation>JSON</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tasks.py" line="284" />
        <source>Tasks</source>
        <translation>任务</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tasks.py" line="384" />
        <source>1 task, {running} running</source>
        <translation>1 个任务，{running} 个运行中</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tasks.py" line="386" />
        <source>{n} tasks, {running} running</source>
        <translation>{n} 个任务，{running} 个运行中</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tasks.py" line="382" />
        <source>No tasks</source>
        <translation>无任务</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tasks.py" line="409" />
        <source>Task {status}</source>
        <translation>任务 {status}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tasks.py" line="420" />
        <source>unlimited</source>
        <translation>无限制</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tasks.py" line="421" />
        <source>not suggested</source>
        <translation>未建议</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tasks.py" line="428" />
        <source>Waiting for tasks/result: the server answers when the task has finished.</source>
        <translation>正在等待 tasks/result：服务器将在任务完成后响应。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tasks.py" line="438" />
        <source>tasks/result answered with JSON-RPC error {code}: {message}</source>
        <translation>tasks/result 返回了 JSON-RPC 错误 {code}：{message}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tasks.py" line="445" />
        <source>Result (the tool reported an error):</source>
        <translation>结果（工具报告了错误）：</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tasks.py" line="445" />
        <source>Result:</source>
        <translation>结果：</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tasks.py" line="490" />
        <source>tasks/list failed: {code} {message}</source>
        <translation>tasks/list 失败：{code} {message}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tasks.py" line="514" />
        <source>tasks/get failed: {code} {message}</source>
        <translation>tasks/get 失败：{code} {message}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tasks.py" line="556" />
        <source>tasks/cancel failed: {code} {message}</source>
        <translation>tasks/cancel 失败：{code} {message}</translation>
    </message>
</context>
<context>
    <name>Timeline</name>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="79" />
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="80" />
        <source>Time (s)</source>
        <translation>时间（秒）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="81" />
        <source>Δ</source>
        <translation>Δ</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="82" />
        <source>Direction</source>
        <translation>方向</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="83" />
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="84" />
        <source>Method / event</source>
        <translation>方法/事件</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="85" />
        <source>Id</source>
        <translation>ID</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="86" />
        <source>Latency</source>
        <translation>延迟</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="87" />
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="88" />
        <source>Schema</source>
        <translation>Schema</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="89" />
        <source>Violations</source>
        <translation>违规</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="92" />
        <source>Entry number in the recording</source>
        <translation>条目在会话记录中的编号</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="93" />
        <source>Seconds since the session started</source>
        <translation>自会话开始以来的秒数</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="94" />
        <source>Time since the previous visible row</source>
        <translation>距上一可见行的时间</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="95" />
        <source>→ client to server, ← server to client, stderr of the server, process event</source>
        <translation>→ 客户端到服务器，← 服务器到客户端，服务器的 stderr，进程事件</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="96" />
        <source>What the line is: request, notification, result, error, noise, …</source>
        <translation>该行是什么：请求、通知、结果、错误、噪声、…</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="97" />
        <source>The method; for responses the method they answer; for process events the event</source>
        <translation>方法名；响应显示其所应答的方法；进程事件显示事件名</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="98" />
        <source>JSON-RPC id</source>
        <translation>JSON-RPC id</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="99" />
        <source>Time from the request to this response</source>
        <translation>从请求到此响应的耗时</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="100" />
        <source>Bytes on the wire, line terminator included</source>
        <translation>线路上传输的字节数（含行结束符）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="101" />
        <source>✓ valid against the protocol's JSON Schema, ✗ invalid, blank: not checked</source>
        <translation>✓ 符合协议的 JSON Schema，✗ 不符合，空白：未校验</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="102" />
        <source>Rules of the protocol this entry breaks</source>
        <translation>此条目违反的协议规则</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="106" />
        <source>c2s</source>
        <translation>c2s</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="107" />
        <source>s2c</source>
        <translation>s2c</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="108" />
        <location filename="../../inspector/ui/timeline.py" line="126" />
        <source>stderr</source>
        <translation>stderr</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="109" />
        <source>event</source>
        <translation>事件</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="113" />
        <source>Client to server (written to the server's stdin)</source>
        <translation>客户端→服务器（写入服务器的 stdin）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="114" />
        <source>Server to client (read from the server's stdout)</source>
        <translation>服务器→客户端（从服务器的 stdout 读取）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="115" />
        <source>A line the server wrote to stderr</source>
        <translation>服务器写入 stderr 的一行</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="116" />
        <source>A process or session event (spawn, shutdown step, exit, timeout)</source>
        <translation>进程或会话事件（启动、关闭步骤、退出、超时）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="119" />
        <source>request</source>
        <translation>请求</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="120" />
        <source>notification</source>
        <translation>通知</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="121" />
        <source>result</source>
        <translation>结果</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="122" />
        <source>error</source>
        <translation>错误</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="123" />
        <source>noise</source>
        <translation>噪声</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="124" />
        <source>invalid</source>
        <translation>无效</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="125" />
        <source>batch</source>
        <translation>批量</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="127" />
        <source>process</source>
        <translation>进程</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="128" />
        <source>note</source>
        <translation>备注</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="441" />
        <source>HTTP note</source>
        <translation>HTTP 注记</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="516" />
        <source>Valid against the protocol's JSON Schema</source>
        <translation>符合协议的 JSON Schema</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="518" />
        <source>Invalid against the protocol's JSON Schema</source>
        <translation>不符合协议的 JSON Schema</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="525" />
        <source>Hand-written: sent from the composer as a person wrote it</source>
        <translation>手写：由人在编写器中写下并原样发送</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="527" />
        <source>{n} bytes</source>
        <translation>{n} 字节</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="533" />
        <source>{ms} after request #{seq}</source>
        <translation>请求 #{seq} 之后 {ms}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="887" />
        <source>Edit and resend…</source>
        <translation>编辑并重发…</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="888" />
        <source>Open this message in the composer, to change it and send it again</source>
        <translation>在编写器中打开这条消息，修改后再次发送</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="1028" />
        <source>Show or hide: {what}</source>
        <translation>显示或隐藏：{what}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="1029" />
        <source>Show or hide kinds of entries</source>
        <translation>显示或隐藏各类条目</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="1030" />
        <source>Show all kinds</source>
        <translation>显示所有类型</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="1034" />
        <location filename="../../inspector/ui/timeline.py" line="1037" />
        <source>any method</source>
        <translation>任意方法</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="1035" />
        <source>Pick a method for an exact match, or type part of a method or event name</source>
        <translation>选择一个方法进行精确匹配，或输入方法名、事件名的一部分</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="1042" />
        <source>Search raw text… (Ctrl+F)</source>
        <translation>搜索原始文本…（Ctrl+F）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="1043" />
        <source>Case-insensitive search over the raw bytes of every entry</source>
        <translation>在所有条目的原始字节中搜索（不区分大小写）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="1044" />
        <source>⚠ Violations</source>
        <translation>⚠ 违规</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="1045" />
        <source>Only entries that break a protocol rule</source>
        <translation>仅显示违反协议规则的条目</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="1046" />
        <source>✗ Schema</source>
        <translation>✗ Schema</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="1047" />
        <source>Only messages that are invalid against the JSON Schema</source>
        <translation>仅显示不符合 JSON Schema 的消息</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="1048" />
        <source>HTTP errors</source>
        <translation>HTTP 错误</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="1049" />
        <source>Only HTTP problems: exchanges answered with an error status, what travelled in them, HTTP rule findings and the transport's notes</source>
        <translation>只显示 HTTP 问题：以错误状态应答的交换、其中传输的内容、HTTP 规则发现以及传输层的记录</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="1050" />
        <source>Clear filters</source>
        <translation>清除筛选</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="1051" />
        <source>⤓ Jump to latest</source>
        <translation>⤓ 跳到最新</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="1052" />
        <source>Scroll to the newest entry and follow new ones again</source>
        <translation>滚动到最新条目，并重新跟随新条目</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="876" />
        <source>Copy line (exact text)</source>
        <translation>复制该行（原样文本）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="877" />
        <source>Copy as formatted JSON</source>
        <translation>复制为格式化 JSON</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="878" />
        <source>Copy as probe --request argument</source>
        <translation>复制为 probe --request 参数</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="879" />
        <source>Copy entry with its findings (JSON)</source>
        <translation>复制条目及其检查结果（JSON）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="1057" />
        <source>All kinds</source>
        <translation>所有类型</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="1060" />
        <source>Kinds {shown}/{total}</source>
        <translation>类型 {shown}/{total}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="1145" />
        <source>{total} entries</source>
        <translation>共 {total} 个条目</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="1147" />
        <source>{shown} of {total} entries</source>
        <translation>{shown} / {total} 个条目</translation>
    </message>
</context>
<context>
    <name>ToolsPanel</name>
    <message>
        <location filename="../../inspector/ui/panels/tools.py" line="76" />
        <source>read-only</source>
        <translation>只读</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tools.py" line="77" />
        <source>destructive</source>
        <translation>破坏性</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tools.py" line="78" />
        <source>idempotent</source>
        <translation>幂等</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tools.py" line="79" />
        <source>open world</source>
        <translation>开放世界</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tools.py" line="94" />
        <location filename="../../inspector/ui/panels/tools.py" line="923" />
        <source>task {0}</source>
        <translation>任务 {0}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tools.py" line="429" />
        <source>Refresh</source>
        <translation>刷新</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tools.py" line="430" />
        <source>Filter by name, title or description</source>
        <translation>按名称、标题或描述筛选</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tools.py" line="431" />
        <source>Load more</source>
        <translation>加载更多</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tools.py" line="432" />
        <source>Select a tool to see its description and fill in its arguments.</source>
        <translation>选择一个工具，查看其描述并填写参数。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tools.py" line="433" />
        <source>Check arguments against the schema before sending</source>
        <translation>发送前按 Schema 校验参数</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tools.py" line="434" />
        <source>Uncheck to send arguments that break the schema on purpose (to see how the server reacts).</source>
        <translation>取消勾选可故意发送违反 Schema 的参数（以观察服务器的反应）。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tools.py" line="435" />
        <source>Reset</source>
        <translation>重置</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tools.py" line="436" />
        <source>Back to the schema's defaults</source>
        <translation>恢复为 Schema 的默认值</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tools.py" line="437" />
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tools.py" line="438" />
        <source>Call</source>
        <translation>调用</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tools.py" line="439" />
        <source>Call the tool (Ctrl+Enter)</source>
        <translation>调用该工具（Ctrl+Enter）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tools.py" line="440" />
        <source>Run as task</source>
        <translation>作为任务运行</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tools.py" line="441" />
        <source>TTL: server's</source>
        <translation>TTL：由服务器定</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tools.py" line="442" />
        <source>TTL </source>
        <translation>TTL </translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tools.py" line="443" />
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tools.py" line="444" />
        <source>How long the server should keep the task and its result (the task's ttl); the server may choose another</source>
        <translation>服务器保留任务及其结果的时长（任务的 ttl）；服务器可以另选时长</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tools.py" line="445" />
        <source>Show in Tasks</source>
        <translation>在任务面板中查看</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tools.py" line="456" />
        <source>Tools</source>
        <translation>工具</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tools.py" line="509" />
        <source>The server said the tool list changed: reloaded.</source>
        <translation>服务器通知工具列表已变更：已重新加载。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tools.py" line="512" />
        <source>The server sent tools/list_changed without declaring tools.listChanged; press Refresh to reload.</source>
        <translation>服务器未声明 tools.listChanged 却发送了 tools/list_changed；请点击“刷新”重新加载。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tools.py" line="524" />
        <source>Internal error: {0}</source>
        <translation>内部错误：{0}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tools.py" line="568" />
        <source>tools/list failed: {0} {1}</source>
        <translation>tools/list 失败：{0} {1}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tools.py" line="570" />
        <source>tools/list answered without a tools array</source>
        <translation>tools/list 的响应中没有 tools 数组</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tools.py" line="614" />
        <source>The tool {0} is no longer listed.</source>
        <translation>工具 {0} 已不在列表中。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tools.py" line="620" />
        <source>1 tool</source>
        <translation>1 个工具</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tools.py" line="620" />
        <source>{0} tools</source>
        <translation>{0} 个工具</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tools.py" line="622" />
        <source>1 page</source>
        <translation>1 页</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tools.py" line="622" />
        <source>{0} pages</source>
        <translation>{0} 页</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tools.py" line="624" />
        <source>more available</source>
        <translation>还有更多</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tools.py" line="626" />
        <source>Loading…</source>
        <translation>加载中…</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tools.py" line="626" />
        <source>loading…</source>
        <translation>加载中…</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tools.py" line="677" />
        <source>annotations (untrusted hints): {0}</source>
        <translation>注解（不可信的提示）：{0}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tools.py" line="684" />
        <source>Over Streamable HTTP a client must not use this tool: its x-mcp-header annotations are invalid ({0}). Uncheck the schema check to call it anyway.</source>
        <translation>通过 Streamable HTTP 时客户端不得使用此工具：它的 x-mcp-header 注解无效（{0}）。取消勾选模式检查即可强行调用。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tools.py" line="749" />
        <source>no arguments</source>
        <translation>无参数</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tools.py" line="749" />
        <source>1 argument</source>
        <translation>1 个参数</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tools.py" line="749" />
        <source>{0} arguments</source>
        <translation>{0} 个参数</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tools.py" line="751" />
        <source>{0} required</source>
        <translation>{0} 个必填</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tools.py" line="755" />
        <source>declares an outputSchema</source>
        <translation>声明了 outputSchema</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tools.py" line="758" />
        <source>task support: {0}</source>
        <translation>任务支持：{0}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tools.py" line="775" />
        <source>This tool must run as a task (execution.taskSupport: required): a plain call is refused.</source>
        <translation>此工具必须作为任务运行（execution.taskSupport: required）：普通调用会被拒绝。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tools.py" line="780" />
        <source>The tool says it must run as a task, but the server did not declare task-augmented tools/call (capabilities.tasks.requests.tools.call): the spec allows neither way of calling it.</source>
        <translation>此工具声明必须作为任务运行，但服务器没有声明支持任务化的 tools/call（capabilities.tasks.requests.tools.call）：按规范，两种调用方式都不允许。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tools.py" line="785" />
        <source>Send tools/call with a task: the server answers with a task at once; the panel polls tasks/get and fetches tasks/result.</source>
        <translation>以任务方式发送 tools/call：服务器立即返回一个任务；面板轮询 tasks/get，并通过 tasks/result 取回结果。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tools.py" line="804" />
        <source>The arguments are not a JSON object: {0}</source>
        <translation>参数不是 JSON 对象：{0}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tools.py" line="809" />
        <source>Not called: over Streamable HTTP this tool must not be used ({0}). Uncheck the schema check to call it anyway.</source>
        <translation>未调用：通过 Streamable HTTP 时不得使用此工具（{0}）。取消勾选模式检查即可强行调用。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tools.py" line="813" />
        <source>(arguments)</source>
        <translation>（参数）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tools.py" line="815" />
        <source>Fix the arguments first ({0}), or uncheck the schema check to send them anyway.</source>
        <translation>请先修正参数（{0}），或取消勾选 Schema 校验以强制发送。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tools.py" line="825" />
        <source>Calling {0}…</source>
        <translation>正在调用 {0}…</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tools.py" line="843" />
        <source>Cancelling…</source>
        <translation>正在取消…</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tools.py" line="882" />
        <source>the answer stream was closed, which cancels the request; the server should stop.</source>
        <translation>已关闭应答流，这即是取消该请求；服务器应停止处理。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tools.py" line="885" />
        <location filename="../../inspector/ui/panels/tools.py" line="902" />
        <source>Cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tools.py" line="884" />
        <source>notifications/cancelled was sent; the server should stop and not answer.</source>
        <translation>已发送 notifications/cancelled；服务器应停止处理且不再响应。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tools.py" line="889" />
        <location filename="../../inspector/ui/panels/tools.py" line="906" />
        <source>The call failed</source>
        <translation>调用失败</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tools.py" line="858" />
        <source>Calling {0} as a task…</source>
        <translation>正在以任务方式调用 {0}…</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tools.py" line="899" />
        <source>tasks/cancel was sent; the task is now {0}.</source>
        <translation>已发送 tasks/cancel；任务现在的状态为 {0}。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tools.py" line="901" />
        <source>notifications/cancelled was sent before the server created a task.</source>
        <translation>在服务器创建任务之前已发送 notifications/cancelled。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tools.py" line="912" />
        <source>No task was created</source>
        <translation>没有创建任务</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tools.py" line="913" />
        <source>The server answered the task-augmented call at once with a plain result instead of a CreateTaskResult.</source>
        <translation>服务器对任务化调用直接返回了普通结果，而不是 CreateTaskResult。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tools.py" line="924" />
        <source>ended {0}</source>
        <translation>结束状态 {0}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tools.py" line="925" />
        <source>1 poll</source>
        <translation>轮询 1 次</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tools.py" line="925" />
        <source>{0} polls</source>
        <translation>轮询 {0} 次</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tools.py" line="926" />
        <source>finished in {0}</source>
        <translation>用时 {0}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tools.py" line="930" />
        <source>tasks/get failed ({0} {1}); the result was fetched anyway</source>
        <translation>tasks/get 失败（{0} {1}）；结果仍已取回</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tools.py" line="939" />
        <source>Task {id}: {status}</source>
        <translation>任务 {id}：{status}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tools.py" line="965" />
        <source>progress {0}</source>
        <translation>进度 {0}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tools.py" line="972" />
        <source>tools/call id {0}</source>
        <translation>tools/call id {0}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tools.py" line="972" />
        <source>answered in {0}</source>
        <translation>耗时 {0}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tools.py" line="975" />
        <source>{0} rounds (input required): {1}</source>
        <translation>{0} 轮（需要输入）：{1}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tools.py" line="982" />
        <source>Protocol error {0}: {1}</source>
        <translation>协议错误 {0}：{1}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tools.py" line="982" />
        <source>A JSON-RPC error: the request itself was refused (not a tool error).</source>
        <translation>JSON-RPC 错误：请求本身被拒绝（并非工具错误）。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tools.py" line="989" />
        <source>The server still asks for input</source>
        <translation>服务器仍在请求输入</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tools.py" line="989" />
        <source>No answer after {0} rounds of input requests.</source>
        <translation>经过 {0} 轮输入请求后仍未得到结果。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tools.py" line="998" />
        <source>The tool reported an error</source>
        <translation>工具报告了错误</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/panels/tools.py" line="998" />
        <source>isError: true: the call worked, the tool failed; its content follows.</source>
        <translation>isError: true：调用本身成功，但工具执行失败；其内容如下。</translation>
    </message>
</context>
<context><name>Handout</name><message><source>Entries</source><translation>条目</translation></message><message><source>Era</source><translation>代际</translation></message><message><source>Final state</source><translation>最终状态</translation></message><message><source>Invalid against the JSON Schema</source><translation>不符合 JSON Schema</translation></message><message><source>MCP session transcript</source><translation>MCP 会话记录稿</translation></message><message><source>Negotiation</source><translation>协商</translation></message><message><source>Outcome</source><translation>结果</translation></message><message><source>Protocol version</source><translation>协议版本</translation></message><message><source>Rules broken</source><translation>违反的规则</translation></message><message><source>Server</source><translation>服务器</translation></message><message><source>Server capabilities</source><translation>服务器能力</translation></message><message><source>State after it</source><translation>之后的状态</translation></message><message><source>Transition</source><translation>转换</translation></message><message><source>Transport</source><translation>传输方式</translation></message><message><source>client → server</source><translation>客户端 → 服务器</translation></message><message><source>event</source><translation>事件</translation></message><message><source>hand-written</source><translation>手写</translation></message><message><source>latency</source><translation>延迟</translation></message><message><source>none</source><translation>无</translation></message><message><source>offered</source><translation>提议</translation></message><message><source>server → client</source><translation>服务器 → 客户端</translation></message><message><source>stderr / transport note</source><translation>stderr / 传输层注记</translation></message></context><context><name>Features</name><message><source>no negotiation yet: connect to a server</source><translation>尚未协商：请先连接服务器</translation></message><message><source>tasks are not part of 2026-07-28 (they moved to an extension)</source><translation>2026-07-28 不包含任务（已移入扩展）</translation></message><message><source>tasks need protocol 2025-11-25; this session negotiated 2024-11-05</source><translation>任务需要协议 2025-11-25；本会话协商的是 2024-11-05</translation></message><message><source>tasks need protocol 2025-11-25; this session negotiated 2025-03-26</source><translation>任务需要协议 2025-11-25；本会话协商的是 2025-03-26</translation></message><message><source>tasks need protocol 2025-11-25; this session negotiated 2025-06-18</source><translation>任务需要协议 2025-11-25；本会话协商的是 2025-06-18</translation></message><message><source>tasks need protocol 2025-11-25; this session negotiated None</source><translation>任务需要协议 2025-11-25；本会话尚未协商版本</translation></message><message><source>the server declared logging (logging/setLevel)</source><translation>服务器声明了日志（logging/setLevel）</translation></message><message><source>the server declared logging (per-request log level in _meta)</source><translation>服务器声明了日志（在 _meta 中按请求设置日志级别）</translation></message><message><source>the server declared prompts</source><translation>服务器声明了提示</translation></message><message><source>the server declared resources</source><translation>服务器声明了资源</translation></message><message><source>the server declared resources with subscribe</source><translation>服务器声明了资源（支持订阅）</translation></message><message><source>the server declared tasks</source><translation>服务器声明了任务</translation></message><message><source>the server declared tools</source><translation>服务器声明了工具</translation></message><message><source>the server did not declare logging</source><translation>服务器未声明日志</translation></message><message><source>the server did not declare prompts</source><translation>服务器未声明提示</translation></message><message><source>the server did not declare resources</source><translation>服务器未声明资源</translation></message><message><source>the server did not declare tasks</source><translation>服务器未声明任务</translation></message><message><source>the server did not declare tools</source><translation>服务器未声明工具</translation></message></context><context><name>Lifecycle</name><message><source>DELETE session</source><translation>DELETE 会话</translation></message><message><source>Discovering</source><translation>探测中</translation></message><message><source>Failed</source><translation>失败</translation></message><message><source>Idle</source><translation>空闲</translation></message><message><source>Initialized</source><translation>已初始化</translation></message><message><source>Initializing</source><translation>初始化中</translation></message><message><source>Modern era, stateless: every request stands alone with its own _meta. A server that needs input from the client answers with an InputRequiredResult and the client retries the request with inputResponses.</source><translation>新版协议，无状态：每个请求都各自独立，带有自己的 _meta。服务器若需要客户端提供输入，会返回 InputRequiredResult，客户端随后携带 inputResponses 重试该请求。</translation></message><message><source>Modern era: there is no handshake and no session state. The client may send any request at once, each carrying protocol version, client info and capabilities in params._meta; a dual-era client first probes with server/discover.</source><translation>新版协议：没有握手，也没有会话状态。客户端可以立即发送任意请求，每个请求都在 params._meta 中携带协议版本、客户端信息和能力；兼容新旧两代协议的客户端会先用 server/discover 进行探测。</translation></message><message><source>Normal traffic in both directions. Both sides must respect the negotiated version and use only capabilities that were declared during negotiation.</source><translation>双向正常通信。双方都必须遵守协商好的协议版本，并且只能使用在能力协商中声明过的能力。</translation></message><message><source>Operating</source><translation>运行中</translation></message><message><source>Ready</source><translation>就绪</translation></message><message><source>SIGKILL</source><translation>SIGKILL</translation></message><message><source>SIGTERM</source><translation>SIGTERM</translation></message><message><source>Shutting down</source><translation>关闭中</translation></message><message><source>Terminated</source><translation>已终止</translation></message><message><source>The client closed the server's stdin and waits for it to exit. If it does not exit in time the client sends SIGTERM, and after another wait SIGKILL.</source><translation>客户端已关闭服务器的 stdin，正在等待其退出。若服务器未按时退出，客户端会发送 SIGTERM，再等待一段时间后发送 SIGKILL。</translation></message><message><source>The server answered with a version the client accepts. The client now owes the notifications/initialized notification before normal traffic starts.</source><translation>服务器以客户端可接受的版本作出了响应。在开始正常通信之前，客户端还须发送 notifications/initialized 通知。</translation></message><message><source>The server process has exited after the client ended the session. Its exit code or signal is recorded.</source><translation>客户端结束会话后，服务器进程已退出，其退出码或信号已记录在案。</translation></message><message><source>The server process runs but nothing has been said. The first message must be the client's initialize request; until it is answered the client should send nothing but ping.</source><translation>服务器进程已在运行，但双方尚未交换任何消息。第一条消息必须是客户端的 initialize 请求；在它得到响应之前，客户端除 ping 外不应发送任何消息。</translation></message><message><source>The session ended without the client asking for it: the server could not be started, or it exited (or its pipes closed) in the middle of the session.</source><translation>会话并非由客户端主动结束：服务器无法启动，或在会话中途退出（或其管道被关闭）。</translation></message><message><source>Uninitialized</source><translation>未初始化</translation></message><message><source>close stdin</source><translation>关闭 stdin</translation></message><message><source>close the event stream</source><translation>关闭事件流</translation></message><message><source>close the streams</source><translation>关闭各个流</translation></message><message><source>connection closed</source><translation>连接已关闭</translation></message><message><source>connection lost</source><translation>连接丢失</translation></message><message><source>disconnect</source><translation>断开连接</translation></message><message><source>initialize is on its way: it carries the newest version the client speaks, its capabilities and its identity. The server answers with the version it chose, its own capabilities and identity. The server may only send pings and log messages before it hears 'initialized'.</source><translation>initialize 请求已发出：其中携带客户端支持的最新协议版本、客户端能力和身份信息。服务器以其选定的版本、自身能力和身份信息作出响应。在收到 initialized 通知之前，服务器只能发送 ping 和日志消息。</translation></message><message><source>initialize →</source><translation>initialize →</translation></message><message><source>no answer (timeout)</source><translation>无响应（超时）</translation></message><message><source>no answer → legacy</source><translation>无响应 → 旧版</translation></message><message><source>no common version</source><translation>无共同版本</translation></message><message><source>notifications/initialized →</source><translation>notifications/initialized →</translation></message><message><source>server could not start</source><translation>服务器无法启动</translation></message><message><source>server exited</source><translation>服务器已退出</translation></message><message><source>server exited / pipe lost</source><translation>服务器退出 / 管道断开</translation></message><message><source>server not reachable</source><translation>无法连接服务器</translation></message><message><source>server/discover is on its way. A DiscoverResult lists the versions and capabilities of the server; -32022 means a modern server that wants another version; any other error, or silence, means a legacy server and the client falls back to initialize.</source><translation>server/discover 请求已发出。DiscoverResult 会列出服务器支持的版本和能力；-32022 表示这是要求改用其他版本的新版服务器；任何其他错误或没有响应，则表示这是旧版服务器，客户端将回退到 initialize。</translation></message><message><source>server/discover →</source><translation>server/discover →</translation></message><message><source>← -32022: retry with a supported version</source><translation>← -32022：改用支持的版本重试</translation></message><message><source>← 404: session expired</source><translation>← 404：会话已过期</translation></message><message><source>← DiscoverResult</source><translation>← DiscoverResult</translation></message><message><source>← HTTP 4xx to initialize</source><translation>← initialize 收到 HTTP 4xx</translation></message><message><source>← HTTP 4xx → HTTP+SSE</source><translation>← HTTP 4xx → 改用 HTTP+SSE</translation></message><message><source>← HTTP 4xx → legacy</source><translation>← HTTP 4xx → 旧版</translation></message><message><source>← InitializeResult</source><translation>← InitializeResult</translation></message><message><source>← InputRequiredResult: retry with inputResponses</source><translation>← InputRequiredResult：携带 inputResponses 重试</translation></message><message><source>← error / no answer</source><translation>← 错误 / 无响应</translation></message><message><source>← error to initialize</source><translation>← initialize 返回错误</translation></message><message><source>← not a DiscoverResult → legacy</source><translation>← 不是 DiscoverResult → 旧版</translation></message><message><source>← unsupported version</source><translation>← 不支持的版本</translation></message></context><context><name>Rules</name><message><source>202 Accepted with a body: a notification or response the server accepts gets 202 and no body.</source><translation>202 Accepted 带有响应体：服务器接受的通知或响应应返回 202 且不带响应体。</translation></message><message><source>A JSON-RPC batch (array); only protocol 2025-03-26 allows batches.</source><translation>JSON-RPC 批量消息（数组）；只有 2025-03-26 版协议允许批量消息。</translation></message><message><source>A JSON-RPC response came on another stream than the answer to the POST that carried its request (or on the GET stream, where a server must not send responses).</source><translation>JSON-RPC 响应没有出现在携带其请求的 POST 的应答中，而是出现在另一条流上（或出现在 GET 流上，而服务器不得在那里发送响应）。</translation></message><message><source>A hand-written message that is not JSON (sent on purpose from the composer): a server must not take it for a message.</source><translation>手写的消息不是 JSON（在编写器中有意发送）：服务器不得把它当作消息。</translation></message><message><source>A hand-written message that is not valid UTF-8; MCP messages are UTF-8 encoded.</source><translation>手写的消息不是合法的 UTF-8；MCP 消息采用 UTF-8 编码。</translation></message><message><source>A hand-written request reused the id of a client request that is still waiting for its answer; ids must be unique among requests in flight.</source><translation>手写的请求重用了一个仍在等待应答的客户端请求的 id；进行中的请求的 id 必须唯一。</translation></message><message><source>A log message while no in-flight request asked for one with io.modelcontextprotocol/logLevel.</source><translation>收到一条日志消息，但当前没有任何进行中的请求通过 io.modelcontextprotocol/logLevel 请求日志。</translation></message><message><source>A message (body or SSE line) is longer than the inspector's limit; its first bytes are kept and the rest was counted and dropped.</source><translation>消息（响应体或 SSE 行）超过了检查器的上限；保留了开头的字节，其余部分已计数并丢弃。</translation></message><message><source>A message the server sent over HTTP (a JSON body or the data of an SSE event) is not JSON.</source><translation>服务器经 HTTP 发送的消息（JSON 响应体或 SSE 事件的数据）不是 JSON。</translation></message><message><source>A message the server sent over HTTP is not valid UTF-8; MCP messages are UTF-8 encoded.</source><translation>服务器经 HTTP 发送的消息不是有效的 UTF-8；MCP 消息使用 UTF-8 编码。</translation></message><message><source>A method this protocol version does not define for this direction.</source><translation>此协议版本未在该方向上定义此方法。</translation></message><message><source>A progress notification for a token no active request carries.</source><translation>进度通知中的 token 不属于任何进行中的请求。</translation></message><message><source>A request got no answer within its timeout.</source><translation>请求在超时时间内未收到响应。</translation></message><message><source>A response carries both 'result' and 'error'; it must carry exactly one.</source><translation>响应同时包含 'result' 和 'error'；二者必须有且仅有一个。</translation></message><message><source>A response that arrived after the client had stopped waiting for it (timeout).</source><translation>响应在客户端已停止等待（超时）之后才到达。</translation></message><message><source>A response to a request that was never sent.</source><translation>响应所对应的请求从未发送过。</translation></message><message><source>A second response to a request that was already answered.</source><translation>对已响应过的请求再次作出了响应。</translation></message><message><source>A tool's x-mcp-header annotation breaks the transport's constraints (a string, integer or boolean property reached through 'properties' alone, a unique token name); a client must not use that tool over Streamable HTTP.</source><translation>工具的 x-mcp-header 标注违反了传输层的约束（只能用于仅经由 'properties' 到达的字符串、整数或布尔属性，且名称须为唯一的令牌）；客户端不得经 Streamable HTTP 使用该工具。</translation></message><message><source>Before initialize was answered, the client sent a request other than initialize or ping.</source><translation>在 initialize 得到应答之前，客户端发送了 initialize 和 ping 以外的请求。</translation></message><message><source>In 2026-07-28 a server must not send independent JSON-RPC requests on an SSE stream; it asks for input with InputRequiredResult.</source><translation>在 2026-07-28 中，服务器不得在 SSE 流上发送独立的 JSON-RPC 请求；它应通过 InputRequiredResult 请求输入。</translation></message><message><source>In 2026-07-28 a server must not write JSON-RPC requests to stdout; it asks for input with InputRequiredResult.</source><translation>在 2026-07-28 版本中，服务器不得向 stdout 写入 JSON-RPC 请求；需要输入时应返回 InputRequiredResult。</translation></message><message><source>In 2026-07-28 some JSON-RPC errors come with a fixed HTTP status: HeaderMismatch (-32020), MissingRequiredClientCapability (-32021) and UnsupportedProtocolVersion (-32022) with 400, Method not found (-32601) with 404; this one came with another.</source><translation>在 2026-07-28 中，某些 JSON-RPC 错误必须配合固定的 HTTP 状态码：HeaderMismatch（-32020）、MissingRequiredClientCapability（-32021）和 UnsupportedProtocolVersion（-32022）配 400，Method not found（-32601）配 404；这条错误配的却是别的状态码。</translation></message><message><source>InputRequiredResult answered a request that may not receive one (only tools/call, prompts/get, resources/read).</source><translation>InputRequiredResult 被用于响应不允许接收它的请求（仅限 tools/call、prompts/get、resources/read）。</translation></message><message><source>The 'jsonrpc' member is missing or not exactly "2.0".</source><translation>缺少 'jsonrpc' 成员，或其值不完全等于 "2.0"。</translation></message><message><source>The DiscoverResult has no usable 'supportedVersions' list.</source><translation>DiscoverResult 中没有可用的 'supportedVersions' 列表。</translation></message><message><source>The client sent a request other than ping before its 'initialized' notification.</source><translation>客户端在发送 initialized 通知之前发送了 ping 以外的请求。</translation></message><message><source>The id is not a string or an integer (null, fractional, boolean or missing).</source><translation>id 既不是字符串也不是整数（为 null、小数、布尔值或缺失）。</translation></message><message><source>The inspector failed while analysing this entry (a bug in the inspector, not necessarily in the server); the bytes are recorded as they arrived.</source><translation>检查器在分析此条目时出错（这是检查器的缺陷，不一定是服务器的问题）；字节已按到达时的原样记录。</translation></message><message><source>The line is longer than the inspector's limit; its first bytes are kept and the rest was counted and dropped.</source><translation>该行超过了检查器的长度上限；保留了开头的字节，其余部分已计数并丢弃。</translation></message><message><source>The line is not valid UTF-8; MCP messages are UTF-8 encoded.</source><translation>该行不是有效的 UTF-8；MCP 消息必须采用 UTF-8 编码。</translation></message><message><source>The server answered 404 to a request that carried the session id: the session has ended, and the client must start a new one with initialize.</source><translation>服务器对带有会话 ID 的请求返回 404：会话已结束，客户端必须用 initialize 开始新的会话。</translation></message><message><source>The server answered initialize with an error.</source><translation>服务器对 initialize 返回了错误。</translation></message><message><source>The server answered server/discover with a success that is not a DiscoverResult (no 'supportedVersions'); only a DiscoverResult means modern, so the client falls back to initialize.</source><translation>服务器对 server/discover 返回了成功响应，但它不是 DiscoverResult（没有 'supportedVersions'）；只有 DiscoverResult 才表示新版服务器，因此客户端回退到 initialize。</translation></message><message><source>The server answered with a content type the transport does not allow (a POST: application/json or text/event-stream; the GET stream: text/event-stream).</source><translation>服务器返回了传输层不允许的内容类型（POST：application/json 或 text/event-stream；GET 流：text/event-stream）。</translation></message><message><source>The server answered with an HTTP error status (a 4xx whose body is a JSON-RPC error is not flagged: the error says why).</source><translation>服务器以 HTTP 错误状态码应答（4xx 且响应体是 JSON-RPC 错误的不会被标记：错误本身说明了原因）。</translation></message><message><source>The server asked for a client feature the client did not declare.</source><translation>服务器请求了客户端未声明的客户端功能。</translation></message><message><source>The server did not exit after SIGTERM; the client had to send SIGKILL.</source><translation>收到 SIGTERM 后服务器没有退出；客户端不得不发送 SIGKILL。</translation></message><message><source>The server did not exit after its stdin was closed; the client had to send SIGTERM.</source><translation>stdin 关闭后服务器没有退出；客户端不得不发送 SIGTERM。</translation></message><message><source>The server exited before the handshake completed.</source><translation>服务器在握手完成之前退出。</translation></message><message><source>The server kept sending messages for a request the client cancelled.</source><translation>客户端已取消某个请求，服务器却仍在为其发送消息。</translation></message><message><source>The server negotiated a protocol version other than the one the client offered.</source><translation>服务器协商的协议版本与客户端提供的版本不同。</translation></message><message><source>The server negotiated a protocol version the client does not support; the client should disconnect.</source><translation>服务器协商的协议版本客户端不支持；客户端应断开连接。</translation></message><message><source>The server reused the id of one of its own requests that is still pending.</source><translation>服务器重复使用了自己某个仍在等待响应的请求的 id。</translation></message><message><source>The server sent a different Mcp-Session-Id in the middle of a session.</source><translation>服务器在会话中途发送了不同的 Mcp-Session-Id。</translation></message><message><source>The server sent a message other than a log message or ping before answering initialize.</source><translation>在响应 initialize 之前，服务器发送了日志消息和 ping 以外的消息。</translation></message><message><source>The server sent a message that needs a server capability it did not declare.</source><translation>服务器发送的消息需要一项它未声明的服务器能力。</translation></message><message><source>The server sent a request other than ping before the client's 'initialized' notification.</source><translation>在客户端发送 'initialized' 通知之前，服务器发送了 ping 以外的请求。</translation></message><message><source>The server wrote a line to stdout that is not JSON; stdout is for MCP messages only.</source><translation>服务器向 stdout 写入了一行非 JSON 内容；stdout 只能用于传输 MCP 消息。</translation></message><message><source>The stream ended in the middle of a line (no newline after the last bytes).</source><translation>数据流在一行的中途结束（最后的字节之后没有换行符）。</translation></message><message><source>Valid JSON, but not a JSON-RPC request, notification or response.</source><translation>是有效的 JSON，但不是 JSON-RPC 请求、通知或响应。</translation></message></context><context><name>Steps</name><message><source>Lifecycle: after a successful initialize result the client must send notifications/initialized before normal requests.</source><translation>生命周期：收到成功的 initialize 结果后，客户端必须先发送 notifications/initialized，然后才能发送常规请求。</translation></message><message><source>Lifecycle: the first message must be initialize, carrying the newest version the client speaks, its capabilities and identity.</source><translation>生命周期：第一条消息必须是 initialize，携带客户端支持的最新协议版本、客户端能力和身份信息。</translation></message><message><source>Modern era: every request carries protocol version, client info and capabilities in params._meta.</source><translation>新版协议：每个请求都在 params._meta 中携带协议版本、客户端信息和能力。</translation></message><message><source>The client is about to answer the server's request {method}. The answer carries the id of that request and is checked against the schema before it goes.</source><translation>客户端即将应答服务器的请求 {method}。应答带有该请求的 id，发送前会按模式检查。</translation></message><message><source>The client is about to send a message that is not a JSON-RPC request, notification or answer (written by hand). The server must cope with it.</source><translation>客户端即将发送一条既不是 JSON-RPC 请求、通知也不是应答的消息（手写）。服务器必须能应对它。</translation></message><message><source>The client is about to send the notification {method}. A notification gets no answer: the server acts on it, or ignores it.</source><translation>客户端即将发送通知 {method}。通知没有应答：服务器要么处理它，要么忽略它。</translation></message><message><source>The client is about to send the request {method}. Once it is written the server owes an answer with the same id; the timeline will pair the two and time the round trip.</source><translation>客户端即将发送请求 {method}。一旦写出，服务器就应以相同的 id 作答；时间线会把两者配对并计时往返。</translation></message><message><source>The server sent the notification {method}. It waits here; Continue records it, checks it and passes it on (logs, progress, list changes).</source><translation>服务器发来了通知 {method}。它在此等待；按“继续”后会被记录、检查并转交（日志、进度、列表变化）。</translation></message><message><source>The server sent the request {method}. It waits here; after Continue the client decides how to answer it.</source><translation>服务器发来了请求 {method}。它在此等待；按“继续”后由客户端决定如何应答。</translation></message><message><source>The server wrote something that is not a JSON-RPC message. It waits here; Continue records it as it arrived and flags what is wrong with it.</source><translation>服务器写出了一段不是 JSON-RPC 消息的内容。它在此等待；按“继续”后会按原样记录并标出问题。</translation></message><message><source>The server's answer to {method} has arrived and waits here. Continue hands it to the inspector: it is paired with its request, checked against the schema and the rules, and the lifecycle may move.</source><translation>服务器对 {method} 的应答已到达，正在此等待。按“继续”后交给检查器：与请求配对、按模式和规则检查，生命周期可能随之推进。</translation></message><message><source>stdio backward compatibility: a dual-era client probes with server/discover before any other request.</source><translation>stdio 向后兼容：兼容新旧两代协议的客户端在发送任何其他请求之前，先用 server/discover 进行探测。</translation></message></context></TS>