<?php
// PHP's built-in server routed as WordPress's .htaccess routes Apache: a path that names a file or
// folder is served as it is, any other (a pretty permalink, /favicon.ico) by WordPress's index.php.
$path = $_SERVER['DOCUMENT_ROOT'] . urldecode( parse_url( $_SERVER['REQUEST_URI'], PHP_URL_PATH ) );
if ( file_exists( $path ) ) {
	return false;
}
require $_SERVER['DOCUMENT_ROOT'] . '/index.php';
