//! Drives a real headless Chromium through chromedriver (the W3C
//! WebDriver protocol over HTTP), for the browser suite.

#![allow(dead_code)]

use std::net::{SocketAddr, TcpListener};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use super::http;

/// WebDriver's key for an element reference.
const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";

/// A browser window driven by chromedriver; both end when it is dropped.
pub struct Browser {
    driver: Child,
    address: SocketAddr,
    session: String,
}

/// Whether `program` is on the PATH.
fn on_path(program: &str) -> bool {
    Command::new("sh")
        .args(["-c", &format!("command -v {program}")])
        .output()
        .is_ok_and(|o| o.status.success())
}

impl Browser {
    /// Starts chromedriver and a headless Chromium of `width` x `height`;
    /// `Err` says what is missing, for the suite to skip.
    pub fn start(width: u32, height: u32) -> Result<Browser, String> {
        for program in ["chromium", "chromedriver"] {
            if !on_path(program) {
                return Err(format!(
                    "{program} is not installed (Debian: apt-get install chromium chromium-driver)"
                ));
            }
        }
        let port = TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .map_err(|e| e.to_string())?
            .port();
        let driver = Command::new("chromedriver")
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("chromedriver does not start: {e}"))?;
        let address: SocketAddr = format!("127.0.0.1:{port}").parse().unwrap();
        let mut browser = Browser {
            driver,
            address,
            session: String::new(),
        };
        let started = Instant::now();
        while std::net::TcpStream::connect(address).is_err() {
            if started.elapsed() > Duration::from_secs(20) {
                return Err("chromedriver does not listen".to_string());
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        let capabilities = json!({"capabilities": {"alwaysMatch": {"goog:chromeOptions": {
            "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     format!("--window-size={width},{height}")]
        }}}});
        let value = browser.call("POST", "/session", Some(capabilities))?;
        browser.session = value["sessionId"]
            .as_str()
            .ok_or("no WebDriver session")?
            .to_string();
        Ok(browser)
    }

    fn call(&self, method: &str, path: &str, body: Option<Value>) -> Result<Value, String> {
        let text = body.map(|b| b.to_string());
        let reply = http::request(self.address, method, path, &[], text.as_deref());
        let value: Value = serde_json::from_str(&reply.body)
            .map_err(|e| format!("WebDriver answered no JSON ({e}): {}", reply.body))?;
        if reply.status != 200 {
            return Err(format!("WebDriver {method} {path}: {}", value["value"]));
        }
        Ok(value["value"].clone())
    }

    fn session_call(&self, method: &str, path: &str, body: Option<Value>) -> Value {
        let path = format!("/session/{}{path}", self.session);
        self.call(method, &path, body)
            .unwrap_or_else(|e| panic!("{e}"))
    }

    /// Opens `url`.
    pub fn open(&self, url: &str) {
        self.session_call("POST", "/url", Some(json!({ "url": url })));
    }

    /// Runs `script` (a function body; `arguments` holds `args`) and
    /// returns its value.
    pub fn script(&self, script: &str, args: Vec<Value>) -> Value {
        self.session_call(
            "POST",
            "/execute/sync",
            Some(json!({ "script": script, "args": args })),
        )
    }

    /// The element `css` selects, if any.
    pub fn find(&self, css: &str) -> Option<String> {
        let path = format!("/session/{}/element", self.session);
        let found = self
            .call(
                "POST",
                &path,
                Some(json!({"using": "css selector", "value": css})),
            )
            .ok()?;
        found[ELEMENT].as_str().map(str::to_string)
    }

    /// The element `css` selects; the test fails when there is none.
    fn require(&self, css: &str) -> String {
        self.find(css)
            .unwrap_or_else(|| panic!("nothing on the page matches {css}"))
    }

    /// Clicks the middle of the element `css` selects with the mouse, as a
    /// user does: whatever is drawn on top there receives the click.
    pub fn click(&self, css: &str) {
        let element = self.require(css);
        let actions = json!({"actions": [{
            "type": "pointer", "id": "mouse", "parameters": {"pointerType": "mouse"},
            "actions": [
                {"type": "pointerMove", "duration": 0, "origin": {ELEMENT: element}, "x": 0, "y": 0},
                {"type": "pointerDown", "button": 0},
                {"type": "pointerUp", "button": 0}
            ]
        }]});
        self.session_call("POST", "/actions", Some(actions));
        self.session_call("DELETE", "/actions", None);
    }

    /// Drags with the mouse from the middle of the element `from` to the
    /// middle of the element `to`.
    pub fn drag(&self, from: &str, to: &str) {
        let (a, b) = (self.require(from), self.require(to));
        let actions = json!({"actions": [{
            "type": "pointer", "id": "mouse", "parameters": {"pointerType": "mouse"},
            "actions": [
                {"type": "pointerMove", "duration": 0, "origin": {ELEMENT: a}, "x": 0, "y": 0},
                {"type": "pointerDown", "button": 0},
                {"type": "pointerMove", "duration": 150, "origin": {ELEMENT: b}, "x": 0, "y": 0},
                {"type": "pointerUp", "button": 0}
            ]
        }]});
        self.session_call("POST", "/actions", Some(actions));
        self.session_call("DELETE", "/actions", None);
    }

    /// Chooses the `<option>` that `css` selects.
    pub fn choose(&self, css: &str) {
        let element = self.require(css);
        self.session_call(
            "POST",
            &format!("/element/{element}/click"),
            Some(json!({})),
        );
    }

    /// Types `text` into the element `css` selects, after clearing it.
    pub fn type_into(&self, css: &str, text: &str) {
        let element = self.require(css);
        self.session_call(
            "POST",
            &format!("/element/{element}/clear"),
            Some(json!({})),
        );
        self.session_call(
            "POST",
            &format!("/element/{element}/value"),
            Some(json!({ "text": text })),
        );
    }

    /// Waits until `script` returns a truthy value, and returns it.
    pub fn wait_for(&self, script: &str, what: &str) -> Value {
        let started = Instant::now();
        loop {
            let value = self.script(script, vec![]);
            let truthy = match &value {
                Value::Null => false,
                Value::Bool(b) => *b,
                Value::Number(n) => n.as_f64() != Some(0.0),
                Value::String(s) => !s.is_empty(),
                _ => true,
            };
            if truthy {
                return value;
            }
            if started.elapsed() > Duration::from_secs(30) {
                let status = self.script(
                    "return document.getElementById('status').textContent + ' / ' + document.getElementById('error').textContent",
                    vec![],
                );
                panic!("timed out waiting for {what}; the page says {status}");
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// Saves a PNG of the window to `path`.
    pub fn screenshot(&self, path: &std::path::Path) {
        let data = self.session_call("GET", "/screenshot", None);
        let bytes = base64_decode(data.as_str().expect("base64 text"));
        std::fs::write(path, bytes).expect("the screenshot is written");
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        if !self.session.is_empty() {
            let path = format!("/session/{}", self.session);
            let _ = self.call("DELETE", &path, None);
        }
        let _ = self.driver.kill();
        let _ = self.driver.wait();
    }
}

/// Decodes standard base64 (WebDriver's screenshots).
fn base64_decode(text: &str) -> Vec<u8> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => Some(c - b'A'),
        b'a'..=b'z' => Some(c - b'a' + 26),
        b'0'..=b'9' => Some(c - b'0' + 52),
        b'+' => Some(62),
        b'/' => Some(63),
        _ => None,
    };
    let mut out = Vec::with_capacity(text.len() * 3 / 4);
    let mut buffer = 0u32;
    let mut bits = 0;
    for c in text.bytes().filter_map(value) {
        buffer = (buffer << 6) | u32::from(c);
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((buffer >> bits) as u8);
        }
    }
    out
}
