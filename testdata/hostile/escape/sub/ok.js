console.log('sub/ok.js ran');
